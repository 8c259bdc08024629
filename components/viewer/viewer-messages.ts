import type { Lang } from "@/lib/i18n/messages";
import type { ViewName } from "./viewer-options";

/**
 * The viewer's own words, in English and Indonesian (`?lang=id` on an embed; the
 * dashboard passes the signed-in user's language). Kept apart from the dashboard's
 * dictionary so the embed bundle carries only these.
 */
export interface ViewerMessages {
  fit: string;
  fitLabel: string;
  views: Record<ViewName, { short: string; label: string }>;
  ortho: string;
  persp: string;
  orthoLabel: string;
  dims: string;
  dimsLabel: string;
  measure: string;
  measureLabel: string;
  edges: string;
  edgesLabel: string;
  wire: string;
  wireLabel: string;
  section: string;
  sectionPosition: string;
  explode: string;
  explodeLabel: string;
  explodeAmount: string;
  background: string;
  backgrounds: Record<"light" | "dark" | "transparent", string>;
  shot: string;
  shotLabel: string;
  download: string;
  /** The file's named objects (the facts' "Shells" count connected pieces, which touching objects share). */
  parts: string;
  /** The button a narrow viewer (a phone) folds its tools behind. */
  menu: string;
  /** The toggle that shows the facts panel below the model on a narrow viewer (a phone). */
  details: string;
  contours: string;
  layers: Record<"outer" | "hole" | "open" | "ignored", string>;
  version: string;
  loading: string;
  firstPoint: string;
  secondPoint: string;
  distance: string;
  noWebgl: string;
  webglFailed: string;
  notShown: string;
  downloadFailed: (status: number) => string;
}

const en: ViewerMessages = {
  fit: "Fit",
  fitLabel: "Fit to view",
  views: {
    front: { short: "Front", label: "Front view" },
    top: { short: "Top", label: "Top view" },
    right: { short: "Right", label: "Right view" },
    iso: { short: "Iso", label: "Isometric view" },
  },
  ortho: "Ortho",
  persp: "Persp",
  orthoLabel: "Orthographic projection",
  dims: "Dims",
  dimsLabel: "Bounding box dimensions",
  measure: "Measure",
  measureLabel: "Measure distance",
  edges: "Edges",
  edgesLabel: "Show edges",
  wire: "Wire",
  wireLabel: "Wireframe",
  section: "Section",
  sectionPosition: "Section position",
  explode: "Explode",
  explodeLabel: "Pull the parts apart",
  explodeAmount: "Explode distance",
  background: "Bg",
  backgrounds: { light: "light", dark: "dark", transparent: "transparent" },
  shot: "Shot",
  shotLabel: "Save screenshot",
  download: "Download",
  parts: "Components",
  menu: "Tools",
  details: "Details",
  contours: "Contours",
  layers: { outer: "Outer cuts", hole: "Holes", open: "Open paths", ignored: "Not cut (ignored)" },
  version: "version",
  loading: "Loading model",
  firstPoint: "Click a first point",
  secondPoint: "Click the second point",
  distance: "Distance",
  noWebgl:
    "This browser cannot show 3D graphics (WebGL is unavailable or turned off). Try another browser or turn on hardware acceleration.",
  webglFailed: "WebGL could not be started in this browser, so the model cannot be shown.",
  notShown: "The model could not be shown.",
  downloadFailed: (status) => `The model could not be downloaded (HTTP ${status}).`,
};

const id: ViewerMessages = {
  fit: "Pas",
  fitLabel: "Paskan ke layar",
  views: {
    front: { short: "Depan", label: "Tampak depan" },
    top: { short: "Atas", label: "Tampak atas" },
    right: { short: "Kanan", label: "Tampak kanan" },
    iso: { short: "Iso", label: "Tampak isometrik" },
  },
  ortho: "Orto",
  persp: "Persp",
  orthoLabel: "Proyeksi ortografis",
  dims: "Dimensi",
  dimsLabel: "Dimensi kotak pembatas",
  measure: "Ukur",
  measureLabel: "Ukur jarak",
  edges: "Tepi",
  edgesLabel: "Tampilkan tepi",
  wire: "Rangka",
  wireLabel: "Rangka kawat",
  section: "Potongan",
  sectionPosition: "Posisi potongan",
  explode: "Urai",
  explodeLabel: "Uraikan bagian-bagian",
  explodeAmount: "Jarak urai",
  background: "Latar",
  backgrounds: { light: "terang", dark: "gelap", transparent: "transparan" },
  shot: "Foto",
  shotLabel: "Simpan tangkapan layar",
  download: "Unduh",
  parts: "Komponen",
  menu: "Alat",
  details: "Rincian",
  contours: "Kontur",
  layers: { outer: "Potongan luar", hole: "Lubang", open: "Jalur terbuka", ignored: "Tidak dipotong (diabaikan)" },
  version: "versi",
  loading: "Memuat model",
  firstPoint: "Klik titik pertama",
  secondPoint: "Klik titik kedua",
  distance: "Jarak",
  noWebgl:
    "Peramban ini tidak dapat menampilkan grafik 3D (WebGL tidak tersedia atau dimatikan). Coba peramban lain atau aktifkan akselerasi perangkat keras.",
  webglFailed: "WebGL tidak dapat dijalankan di peramban ini, jadi model tidak dapat ditampilkan.",
  notShown: "Model tidak dapat ditampilkan.",
  downloadFailed: (status) => `Model tidak dapat diunduh (HTTP ${status}).`,
};

export const VIEWER_MESSAGES: Record<Lang, ViewerMessages> = { en, id };
