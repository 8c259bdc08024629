import type { ErrorCode } from "@/lib/errors";
import { formatNumber, type FormatLang } from "./format";

/**
 * API errors in the dashboard's language, by their `code` (lib/errors.ts). The numbers come
 * from the error's `details` (limits, retry delays) and are formatted for the reader; without them the
 * sentence simply leaves them out. The API's own English `message` is unchanged: English readers see it
 * as the detail line under this sentence (see components/files/upload-zone.tsx).
 */
type Details = Record<string, unknown> | undefined;
type Text = (details: Details, lang: FormatLang) => string;

const num = (details: Details, key: string): number | null =>
  typeof details?.[key] === "number" ? (details[key] as number) : null;
const mb = (bytes: number, lang: FormatLang) => formatNumber(bytes / 1024 / 1024, lang, { maximumFractionDigits: 0 });
const extensions = (details: Details): string | null =>
  Array.isArray(details?.accepted_extensions)
    ? (details.accepted_extensions as unknown[]).map((e) => `.${String(e)}`).join(", ")
    : null;

/** Besides the API's codes: `network` (an upload that never reached the server) and `request_network` (any other request that did not). */
export const ERROR_TEXTS: Record<ErrorCode | "network" | "request_network", { en: Text; id: Text }> = {
  invalid_request: {
    en: () => "The request was refused as invalid.",
    id: () => "Permintaan ditolak karena tidak valid.",
  },
  invalid_json: { en: () => "The request was not valid JSON.", id: () => "Permintaan bukan JSON yang valid." },
  unauthorized: {
    en: () => "Your session has ended; sign in again.",
    id: () => "Sesi Anda telah berakhir; silakan masuk lagi.",
  },
  plan_required: {
    en: () => "This needs a higher plan for this workspace.",
    id: () => "Fitur ini memerlukan paket yang lebih tinggi untuk ruang kerja ini.",
  },
  insufficient_scope: {
    en: () => "The key lacks the scope for this.",
    id: () => "Kunci ini tidak memiliki cakupan untuk tindakan ini.",
  },
  forbidden: {
    en: () => "You are not allowed to do this in this workspace.",
    id: () => "Anda tidak diizinkan melakukan ini di ruang kerja ini.",
  },
  not_found: {
    en: () => "The file was not found; it may have been deleted.",
    id: () => "File tidak ditemukan; mungkin sudah dihapus.",
  },
  method_not_allowed: {
    en: () => "This action is not available here.",
    id: () => "Tindakan ini tidak tersedia di sini.",
  },
  conflict: {
    en: () => "This conflicts with a change made meanwhile; reload and try again.",
    id: () => "Bertabrakan dengan perubahan lain; muat ulang lalu coba lagi.",
  },
  invalid_state: {
    en: () => "The file's current status does not allow this.",
    id: () => "Status file saat ini tidak mengizinkan tindakan ini.",
  },
  payload_too_large: {
    en: (d, lang) => {
      const max = num(d, "max_bytes");
      return max === null
        ? "The file is larger than this plan allows."
        : `The file is larger than this plan's limit of ${mb(max, lang)} MB.`;
    },
    id: (d, lang) => {
      const max = num(d, "max_bytes");
      return max === null
        ? "File melebihi batas ukuran paket ini."
        : `File melebihi batas ukuran paket ini, ${mb(max, lang)} MB.`;
    },
  },
  unsupported_format: {
    en: (d) => {
      const list = extensions(d);
      return list === null
        ? "This file format or version is not supported."
        : `This is not a supported CAD file. Accepted: ${list}.`;
    },
    id: (d) => {
      const list = extensions(d);
      return list === null
        ? "Format atau versi file ini tidak didukung."
        : `Ini bukan file CAD yang didukung. Format yang diterima: ${list}.`;
    },
  },
  range_not_satisfiable: {
    en: () => "The requested range is not available.",
    id: () => "Rentang yang diminta tidak tersedia.",
  },
  unreadable_file: {
    en: () => "The file could not be read: it is empty, damaged or truncated.",
    id: () => "File tidak dapat dibaca: kosong, rusak, atau terpotong.",
  },
  empty_geometry: {
    en: () => "The file holds no geometry to quote (no triangles or cut lines).",
    id: () => "File tidak berisi geometri untuk dihitung (tidak ada segitiga atau garis potong).",
  },
  wrong_process: {
    en: () => "This process cannot quote this kind of file.",
    id: () => "Proses ini tidak dapat menghitung harga jenis file ini.",
  },
  drawing_too_complex: {
    en: () =>
      "The drawing is too complex to quote automatically. Explode its blocks or simplify it, then upload it again.",
    id: () => "Gambar terlalu rumit untuk dihitung otomatis. Pecah bloknya atau sederhanakan, lalu unggah lagi.",
  },
  archive_too_large: {
    en: () =>
      "The file unpacks to more than we accept. Reduce the model's triangle count or split it into several files.",
    id: () =>
      "File ini terurai menjadi lebih besar dari batas yang diterima. Kurangi jumlah segitiga model atau pecah menjadi beberapa file.",
  },
  analysis_timeout: {
    en: (d, lang) => {
      const s = num(d, "limit_seconds");
      return `Analysing the file took too long${s === null ? "" : ` (over ${formatNumber(s, lang)} s)`} and was stopped. Simplify it or split it into parts.`;
    },
    id: (d, lang) => {
      const s = num(d, "limit_seconds");
      return `Analisis file terlalu lama${s === null ? "" : ` (lebih dari ${formatNumber(s, lang)} detik)`} dan dihentikan. Sederhanakan atau pecah menjadi beberapa bagian.`;
    },
  },
  analysis_too_large: {
    en: (d, lang) => {
      const limit = num(d, "limit_mb");
      return `Analysing the file needs more memory than allowed${limit === null ? "" : ` (${formatNumber(limit, lang)} MB)`}. Simplify it or split it into parts.`;
    },
    id: (d, lang) => {
      const limit = num(d, "limit_mb");
      return `Analisis file membutuhkan memori melebihi batas${limit === null ? "" : ` (${formatNumber(limit, lang)} MB)`}. Sederhanakan atau pecah menjadi beberapa bagian.`;
    },
  },
  rate_limit_exceeded: {
    en: () => "Too many requests; wait a moment and try again.",
    id: () => "Terlalu banyak permintaan; tunggu sebentar lalu coba lagi.",
  },
  quota_exceeded: {
    en: () => "Today's request quota for this workspace is used up.",
    id: () => "Kuota permintaan hari ini untuk ruang kerja ini sudah habis.",
  },
  internal_error: {
    en: () => "Something went wrong on the server; try again.",
    id: () => "Terjadi kesalahan di server; coba lagi.",
  },
  busy: {
    en: (d, lang) => {
      const s = num(d, "retry_after_seconds");
      return `The server is busy analysing other files; try again${s === null ? " shortly" : ` in ${formatNumber(s, lang)} seconds`}.`;
    },
    id: (d, lang) => {
      const s = num(d, "retry_after_seconds");
      return `Server sedang sibuk menganalisis file lain; coba lagi${s === null ? " sebentar lagi" : ` dalam ${formatNumber(s, lang)} detik`}.`;
    },
  },
  network: {
    en: () => "The upload did not reach the server (network error).",
    id: () => "Unggahan tidak sampai ke server (kesalahan jaringan).",
  },
  request_network: {
    en: () => "The server could not be reached (network error); try again.",
    id: () => "Server tidak dapat dihubungi (kesalahan jaringan); coba lagi.",
  },
};

/** The sentence for an error code; an unknown code reads as a plain failure. */
export function errorText(error: { code?: string; details?: unknown }, lang: FormatLang): string {
  const entry = error.code
    ? (ERROR_TEXTS as Record<string, { en: Text; id: Text } | undefined>)[error.code]
    : undefined;
  const details =
    error.details && typeof error.details === "object" ? (error.details as Record<string, unknown>) : undefined;
  if (!entry) return lang === "id" ? "Permintaan gagal." : "The request failed.";
  return entry[lang](details, lang);
}
