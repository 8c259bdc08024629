import { config, type Config } from "@/lib/config";

/** Where customers point their S3 tools: the public domain when one is set, else the address the server binds. */
export const s3Endpoint = (settings: Config = config()) =>
  settings.S3_DOMAIN ? `https://${settings.S3_DOMAIN}` : `http://${settings.S3_HOST}:${settings.S3_PORT}`;
