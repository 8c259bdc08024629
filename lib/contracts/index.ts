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
  workspace.getWorkspaceContract,
  apiKeys.listApiKeysContract,
  apiKeys.createApiKeyContract,
  apiKeys.revokeApiKeyContract,
  files.uploadFileContract,
  files.listFilesContract,
  files.getFileContract,
  files.updateFileContract,
  files.deleteFileContract,
  files.downloadFileContract,
  files.uploadVersionContract,
  files.listVersionsContract,
  files.submitFileContract,
  files.approveFileContract,
  files.rejectFileContract,
  search.analyzeFileContract,
  search.searchFilesContract,
  viewer.createViewerLinkContract,
  viewer.listViewerTokensContract,
  viewer.revokeViewerTokenContract,
  quotes.quote3dPrintContract,
  quotes.quoteLaserContract,
  quotes.legacyQuote3dPrintContract,
  quotes.legacyQuoteLaserContract,
  webhooks.listWebhookEventTypesContract,
  webhooks.listWebhooksContract,
  webhooks.createWebhookContract,
  webhooks.getWebhookContract,
  webhooks.updateWebhookContract,
  webhooks.deleteWebhookContract,
  webhooks.testWebhookContract,
  webhooks.listWebhookDeliveriesContract,
  webhooks.retryWebhookDeliveryContract,
  webhooks.rotateWebhookSecretContract,
  infraVps.listVpsContract,
  infraVps.createVpsContract,
  infraVps.getVpsContract,
  infraVps.updateVpsContract,
  infraVps.deleteVpsContract,
  infraVps.restartVpsContract,
  infraVps.startVpsContract,
  infraVps.stopVpsContract,
  infraVps.listVpsRegionsContract,
  infraVps.listVpsPlansContract,
  infraVps.listVpsImagesContract,
  infraDns.listZonesContract,
  infraDns.createZoneContract,
  infraDns.deleteZoneContract,
  infraDns.verifyZoneContract,
  infraDns.listRecordsContract,
  infraDns.createRecordContract,
  infraDns.deleteRecordContract,
  infraStorage.getStorageUsageContract,
  infraStorage.listBucketsContract,
  infraStorage.createBucketContract,
  infraStorage.deleteBucketContract,
  infraStorage.listObjectsContract,
  infraStorage.putObjectContract,
  infraStorage.getObjectContract,
  infraStorage.deleteObjectContract,
  infraStorageCredentials.createStorageCredentialContract,
  infraStorageCredentials.listStorageCredentialsContract,
  infraStorageCredentials.revokeStorageCredentialContract,
  infraEmail.listMailboxesContract,
  infraEmail.createMailboxContract,
  infraEmail.deleteMailboxContract,
  infraEmail.resetMailboxPasswordContract,
  infraEmail.getEmailActivityContract,
];
