import type { MessageKey } from "@/lib/i18n/messages";

export type UploadLabels = Record<"drop" | "choose" | "uploading" | "uploaded" | "failed" | "open", string>;

/** The upload zone's words; `choose` names its button ("Choose files" or "Upload a new version"). */
export function uploadLabels(t: (key: MessageKey) => string, choose: MessageKey): UploadLabels {
  return {
    drop: t("files.dropHere"),
    choose: t(choose),
    uploading: t("files.uploading"),
    uploaded: t("files.uploaded"),
    failed: t("files.failed"),
    open: t("files.open"),
  };
}
