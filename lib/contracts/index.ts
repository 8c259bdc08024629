import type { Operation } from "@/lib/api/operation";
import * as apiKeys from "./api-keys";
import * as files from "./files";
import * as infraDns from "./infra-dns";
import * as infraEmail from "./infra-email";
import * as infraStorage from "./infra-storage";
import * as infraStorageCredentials from "./infra-storage-credentials";
import * as infraVps from "./infra-vps";
import * as quotes from "./quotes";
import * as search from "./search";
import * as viewer from "./viewer";
import * as webhooks from "./webhooks";
import * as workspace from "./workspace";

/** Every operation of the public API; the OpenAPI document is built from this list. */
export const OPERATIONS: Operation[] = [
  workspace.getWorkspace,
  apiKeys.listApiKeys,
  apiKeys.createApiKey,
  apiKeys.revokeApiKey,
  files.uploadFile,
  files.listFiles,
  files.getFile,
  files.updateFile,
  files.deleteFile,
  files.downloadFile,
  files.uploadVersion,
  files.listVersions,
  files.submitFile,
  files.approveFile,
  files.rejectFile,
  search.analyzeFile,
  search.searchFiles,
  viewer.createViewerLink,
  viewer.listViewerTokens,
  viewer.revokeViewerToken,
  quotes.quote3dPrint,
  quotes.quoteLaser,
  quotes.legacyQuote3dPrint,
  quotes.legacyQuoteLaser,
  webhooks.listWebhookEventTypes,
  webhooks.listWebhooks,
  webhooks.createWebhook,
  webhooks.getWebhook,
  webhooks.updateWebhook,
  webhooks.deleteWebhook,
  webhooks.testWebhook,
  webhooks.listWebhookDeliveries,
  webhooks.retryWebhookDelivery,
  webhooks.rotateWebhookSecret,
  infraVps.listVps,
  infraVps.createVps,
  infraVps.getVps,
  infraVps.updateVps,
  infraVps.deleteVps,
  infraVps.restartVps,
  infraVps.startVps,
  infraVps.stopVps,
  infraVps.listVpsRegions,
  infraVps.listVpsPlans,
  infraVps.listVpsImages,
  infraDns.listZones,
  infraDns.createZone,
  infraDns.deleteZone,
  infraDns.verifyZone,
  infraDns.listRecords,
  infraDns.createRecord,
  infraDns.deleteRecord,
  infraStorage.getStorageUsage,
  infraStorage.listBuckets,
  infraStorage.createBucket,
  infraStorage.deleteBucket,
  infraStorage.listObjects,
  infraStorage.putObject,
  infraStorage.getObject,
  infraStorage.deleteObject,
  infraStorageCredentials.createStorageCredential,
  infraStorageCredentials.listStorageCredentials,
  infraStorageCredentials.revokeStorageCredential,
  infraEmail.listMailboxes,
  infraEmail.createMailbox,
  infraEmail.deleteMailbox,
  infraEmail.resetMailboxPassword,
  infraEmail.getEmailActivity,
];
