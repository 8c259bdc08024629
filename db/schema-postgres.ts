import * as tables from "./schema";
import { postgresTable } from "./postgres-tables";

/**
 * The PostgreSQL schema drizzle-kit reads (drizzle.postgres.config.ts): every table of db/schema in its PostgreSQL
 * form. A table added there must be added here; test/postgres-schema.test.ts checks that none is missing.
 */
export const users = postgresTable(tables.users);
export const workspaces = postgresTable(tables.workspaces);
export const memberships = postgresTable(tables.memberships);
export const apiKeys = postgresTable(tables.apiKeys);
export const usageCounters = postgresTable(tables.usageCounters);
export const files = postgresTable(tables.files);
export const fileVersions = postgresTable(tables.fileVersions);
export const webhookEndpoints = postgresTable(tables.webhookEndpoints);
export const webhookEvents = postgresTable(tables.webhookEvents);
export const webhookDeliveries = postgresTable(tables.webhookDeliveries);
export const webhookAttempts = postgresTable(tables.webhookAttempts);
export const priceCatalogs = postgresTable(tables.priceCatalogs);
export const quoteCache = postgresTable(tables.quoteCache);
export const fileStatusEvents = postgresTable(tables.fileStatusEvents);
export const fileMetadata = postgresTable(tables.fileMetadata);
export const viewerTokens = postgresTable(tables.viewerTokens);
export const vpsInstances = postgresTable(tables.vpsInstances);
export const vpsActions = postgresTable(tables.vpsActions);
export const dnsZones = postgresTable(tables.dnsZones);
export const dnsRecords = postgresTable(tables.dnsRecords);
export const dnsPushes = postgresTable(tables.dnsPushes);
export const emailAccounts = postgresTable(tables.emailAccounts);
export const emailActivityDays = postgresTable(tables.emailActivityDays);
export const emailMailboxLog = postgresTable(tables.emailMailboxLog);
export const emailOutbound = postgresTable(tables.emailOutbound);
export const storageBuckets = postgresTable(tables.storageBuckets);
export const idempotencyKeys = postgresTable(tables.idempotencyKeys);
export const printEstimates = postgresTable(tables.printEstimates);
export const storageObjects = postgresTable(tables.storageObjects);
export const storageCredentials = postgresTable(tables.storageCredentials);
export const storageUploads = postgresTable(tables.storageUploads);
export const storageUploadParts = postgresTable(tables.storageUploadParts);
export const blobReservations = postgresTable(tables.blobReservations);
export const loginFailures = postgresTable(tables.loginFailures);
