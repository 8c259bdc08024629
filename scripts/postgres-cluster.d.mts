export function freePort(): Promise<number>;

export interface PostgresCluster {
  url: string;
  port: number;
  pid(): number;
  stop(): void;
}

export function startPostgresCluster(options?: { maxConnections?: number }): Promise<PostgresCluster>;
