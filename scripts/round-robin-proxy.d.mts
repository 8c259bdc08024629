export interface RoundRobinProxy {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function startRoundRobinProxy(backends: string[], port?: number): Promise<RoundRobinProxy>;
