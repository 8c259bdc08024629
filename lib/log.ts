/**
 * Structured one-line JSON logs. Only an error's name, message and stack are
 * written: request bodies and headers (which carry keys) never are.
 */
export function logError(message: string, fields: { requestId?: string; error?: unknown } = {}): void {
  const error =
    fields.error instanceof Error
      ? { name: fields.error.name, message: fields.error.message, stack: fields.error.stack }
      : fields.error;
  console.error(
    JSON.stringify({ level: "error", time: new Date().toISOString(), message, request_id: fields.requestId, error }),
  );
}

export function logInfo(message: string, fields: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), message, ...fields }));
}
