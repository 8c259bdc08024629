import type { MeshWarningCode } from "@/lib/geometry/types";
import type { LaserWarningCode } from "@/lib/laser/types";
import { formatNumber, type FormatLang } from "./format";

/**
 * Geometry and quote warnings in the dashboard's language. The API keeps its English `message`;
 * the dashboard renders each warning from its `code`, taking the numbers out of that message and
 * formatting them for the reader ("1.234 tepi …" / "1,234 edges …"). A message whose wording the
 * patterns no longer recognise still gets a sentence in the right language, without its numbers.
 */
export type WarningCode =
  | MeshWarningCode
  | LaserWarningCode
  | "EXCEEDS_BUILD_VOLUME"
  | "ESTIMATE_FALLBACK"
  | "NEEDS_SUPPORTS";

interface Variant {
  /** Matches the English message from lib/geometry/analyze.ts, lib/laser or lib/quotes/build-quote.ts. */
  match: RegExp;
  /** Capture groups arrive with their numbers already formatted for the language. */
  en: (g: string[]) => string;
  id: (g: string[]) => string;
}

interface WarningText {
  variants: Variant[];
  /** When no variant matches: the gist without numbers. */
  en: string;
  id: string;
}

const NUM = String.raw`(\d[\d,]*(?:\.\d+)?)`;
const DIMS = String.raw`(\d[\d,.]*(?: × \d[\d,.]*)*)`;
const count = (n: string, one: string, many: string) => `${n} ${n === "1" ? one : many}`;

export const WARNING_TEXTS: Record<WarningCode, WarningText> = {
  NON_MANIFOLD: {
    variants: [
      {
        match: new RegExp(`^${NUM} edges? (?:is|are) shared`),
        en: ([n]) =>
          `${count(n, "edge is", "edges are")} shared by more than two triangles, so the surface does not enclose a single clean volume.`,
        id: ([n]) =>
          `${n} tepi dipakai bersama oleh lebih dari dua segitiga, sehingga permukaannya tidak membungkus satu volume yang utuh.`,
      },
    ],
    en: "Some edges are shared by more than two triangles, so the surface does not enclose a single clean volume.",
    id: "Beberapa tepi dipakai bersama oleh lebih dari dua segitiga, sehingga permukaannya tidak membungkus satu volume yang utuh.",
  },
  OPEN_EDGES: {
    variants: [
      {
        match: new RegExp(`^${NUM} edges? belongs? to only one triangle`),
        en: ([n]) =>
          `${count(n, "edge belongs", "edges belong")} to only one triangle: the mesh has holes, so its volume is not reliable.`,
        id: ([n]) =>
          `${n} tepi hanya dimiliki satu segitiga: mesh ini berlubang, jadi volumenya tidak dapat diandalkan.`,
      },
    ],
    en: "Some edges belong to only one triangle: the mesh has holes, so its volume is not reliable.",
    id: "Beberapa tepi hanya dimiliki satu segitiga: mesh ini berlubang, jadi volumenya tidak dapat diandalkan.",
  },
  INCONSISTENT_WINDING: {
    variants: [
      {
        match: new RegExp(`^${NUM} edges? joins? triangles`),
        en: ([n]) =>
          `${count(n, "edge joins", "edges join")} triangles that face opposite ways (some normals are flipped), which makes the volume unreliable.`,
        id: ([n]) =>
          `${n} tepi menghubungkan segitiga yang menghadap ke arah berlawanan (sebagian normal terbalik), sehingga volumenya tidak dapat diandalkan.`,
      },
    ],
    en: "Some triangles face opposite ways (some normals are flipped), which makes the volume unreliable.",
    id: "Sebagian segitiga menghadap ke arah berlawanan (sebagian normal terbalik), sehingga volumenya tidak dapat diandalkan.",
  },
  DEGENERATE_TRIANGLES: {
    variants: [
      {
        match: new RegExp(`^${NUM} triangles? ha(?:s|ve) zero area`),
        en: ([n]) => `${count(n, "triangle has", "triangles have")} zero area (collapsed to a line or a point).`,
        id: ([n]) => `${n} segitiga memiliki luas nol (menyusut menjadi garis atau titik).`,
      },
    ],
    en: "Some triangles have zero area (collapsed to a line or a point).",
    id: "Sebagian segitiga memiliki luas nol (menyusut menjadi garis atau titik).",
  },
  UNIT_SUSPECT: {
    variants: [
      // Meshes (lib/geometry/analyze.ts).
      {
        match: new RegExp(
          `^The part is ${NUM} mm at its largest\\. .* saved in (metres or inches|micrometres or a scaled unit)`,
        ),
        en: ([n, unit]) =>
          `The part is ${n} mm at its largest. If that is not its real size, the file was probably saved in ${unit} rather than millimetres.`,
        id: ([n, unit]) =>
          `Bagian ini berukuran ${n} mm pada sisi terpanjangnya. Jika itu bukan ukuran sebenarnya, file kemungkinan disimpan dalam ${unit === "metres or inches" ? "meter atau inci" : "mikrometer atau satuan berskala"}, bukan milimeter.`,
      },
      // Drawings (lib/laser/units.ts).
      {
        match: /^The drawing declares no units but uses imperial settings/,
        en: () =>
          "The drawing declares no units but uses imperial settings; it was read as millimetres. If it was drawn in inches, the part is 25.4× larger.",
        id: () =>
          "Gambar tidak menyatakan satuan tetapi memakai pengaturan imperial; gambar dibaca dalam milimeter. Jika digambar dalam inci, bagian ini 25,4× lebih besar.",
      },
      {
        match: new RegExp(
          `^The drawing declares no units and was read as millimetres, making the part only ${NUM} mm long`,
        ),
        en: ([n]) =>
          `The drawing declares no units and was read as millimetres, making the part only ${n} mm long. If it was drawn in inches, it is 25.4× larger.`,
        id: ([n]) =>
          `Gambar tidak menyatakan satuan dan dibaca dalam milimeter, sehingga panjang bagian ini hanya ${n} mm. Jika digambar dalam inci, bagian ini 25,4× lebih besar.`,
      },
      {
        match: new RegExp(
          `^The part measures ${NUM} mm, larger than any laser sheet; check the drawing units \\(([^)]*)\\)`,
        ),
        en: ([n, unit]) => `The part measures ${n} mm, larger than any laser sheet; check the drawing units (${unit}).`,
        id: ([n, unit]) =>
          `Bagian ini berukuran ${n} mm, lebih besar dari lembaran laser mana pun; periksa satuan gambar (${unit}).`,
      },
    ],
    en: "The part's size suggests the file's units were misread; check that it was saved in millimetres.",
    id: "Ukuran bagian ini menandakan satuan file salah terbaca; pastikan file disimpan dalam milimeter.",
  },
  EXCEEDS_BUILD_VOLUME: {
    variants: [
      {
        match: new RegExp(`^The part \\(${DIMS} mm\\) does not fit the ${DIMS} mm build volume`),
        en: ([part, machine]) =>
          `The part (${part} mm) does not fit the ${machine} mm build volume in any axis-aligned orientation; it would have to be split.`,
        id: ([part, machine]) =>
          `Bagian ini (${part} mm) tidak muat di ruang cetak ${machine} mm dalam orientasi sejajar sumbu mana pun; bagian harus dipecah.`,
      },
      {
        match: new RegExp(`^The part \\(${DIMS} mm\\) does not fit the ${DIMS} mm laser bed`),
        en: ([part, machine]) =>
          `The part (${part} mm) does not fit the ${machine} mm laser bed in either orientation.`,
        id: ([part, machine]) =>
          `Bagian ini (${part} mm) tidak muat di meja laser ${machine} mm dalam orientasi mana pun.`,
      },
    ],
    en: "The part does not fit the machine; it would have to be split.",
    id: "Bagian ini tidak muat di mesin; bagian harus dipecah.",
  },
  ESTIMATE_FALLBACK: {
    variants: [
      {
        match: /^Weight and time are a rough volume-based estimate/,
        en: () =>
          "Weight and time are a rough volume-based estimate: the mesh is not closed (or could not be sliced), so it was not sliced into layers.",
        id: () =>
          "Berat dan waktu hanya perkiraan kasar dari volume: mesh ini tidak tertutup (atau tidak dapat diiris), jadi tidak diiris per lapisan.",
      },
    ],
    en: "Weight and time are a rough volume-based estimate.",
    id: "Berat dan waktu hanya perkiraan kasar dari volume.",
  },
  NEEDS_SUPPORTS: {
    variants: [
      {
        match: /^The part has overhangs that need support material/,
        en: () =>
          "The part has overhangs that need support material, which this quote does not include; quote it with supports: auto.",
        id: () =>
          "Bagian ini memiliki overhang yang memerlukan material penyangga, yang tidak termasuk dalam penawaran ini; hitung dengan supports: auto.",
      },
    ],
    en: "The part needs support material, which this quote does not include.",
    id: "Bagian ini memerlukan material penyangga, yang tidak termasuk dalam penawaran ini.",
  },
  OPEN_CONTOUR: {
    variants: [
      {
        match: new RegExp(`^${NUM} contour\\(s\\) are not closed`),
        en: ([n]) =>
          n === "1"
            ? "1 contour is not closed; it is priced as a cut path but cannot form a part edge. Check for gaps larger than the joining tolerance."
            : `${n} contours are not closed; they are priced as cut paths but cannot form a part edge. Check for gaps larger than the joining tolerance.`,
        id: ([n]) =>
          `${n} kontur tidak tertutup; kontur ini dihitung sebagai jalur potong tetapi tidak dapat membentuk tepi bagian. Periksa celah yang lebih besar dari toleransi penyambungan.`,
      },
    ],
    en: "Some contours are not closed; they are priced as cut paths but cannot form a part edge.",
    id: "Beberapa kontur tidak tertutup; kontur ini dihitung sebagai jalur potong tetapi tidak dapat membentuk tepi bagian.",
  },
  DUPLICATE_LINES: {
    variants: [
      {
        match: new RegExp(`^${NUM} duplicate or overlapping segment\\(s\\) \\(${NUM} mm\\)`),
        en: ([n, mm]) =>
          `${count(n, "duplicate or overlapping segment", "duplicate or overlapping segments")} (${mm} mm) ${n === "1" ? "was" : "were"} counted once.`,
        id: ([n, mm]) => `${n} segmen ganda atau bertumpuk (${mm} mm) dihitung satu kali.`,
      },
    ],
    en: "Duplicate or overlapping segments were counted once.",
    id: "Segmen ganda atau bertumpuk dihitung satu kali.",
  },
  TEXT_NOT_OUTLINED: {
    variants: [
      {
        match: new RegExp(`^${NUM} text object\\(s\\) are not cut`),
        en: ([n]) =>
          `${count(n, "text object is", "text objects are")} not cut. To engrave or cut lettering, convert the text to outlines (explode it) in your CAD program.`,
        id: ([n]) =>
          `${n} objek teks tidak dipotong. Untuk mengukir atau memotong huruf, ubah teks menjadi garis luar (explode) di program CAD Anda.`,
      },
    ],
    en: "Text objects are not cut. To engrave or cut lettering, convert the text to outlines (explode it) in your CAD program.",
    id: "Objek teks tidak dipotong. Untuk mengukir atau memotong huruf, ubah teks menjadi garis luar (explode) di program CAD Anda.",
  },
  STRAY_GEOMETRY: {
    variants: [
      {
        match: new RegExp(`^${NUM} pieces? of geometry \\(${NUM} mm of line\\) lies? up to ${NUM} m away`),
        en: ([n, mm, m]) =>
          `${count(n, "piece", "pieces")} of geometry (${mm} mm of line) ${n === "1" ? "lies" : "lie"} up to ${m} m away from the part and ${n === "1" ? "was" : "were"} left out of the quote. Delete ${n === "1" ? "it" : "them"} from the drawing if ${n === "1" ? "it is" : "they are"} not meant to be cut.`,
        id: ([n, mm, m]) =>
          `${n} bagian geometri (${mm} mm garis) berada hingga ${m} m dari benda kerja dan tidak dihitung dalam penawaran. Hapus dari gambar jika tidak untuk dipotong.`,
      },
    ],
    en: "Geometry far from the part was left out of the quote. Delete it from the drawing if it is not meant to be cut.",
    id: "Geometri yang jauh dari benda kerja tidak dihitung dalam penawaran. Hapus dari gambar jika tidak untuk dipotong.",
  },
  TINY_FEATURES: {
    variants: [
      {
        match: new RegExp(`^The smallest hole or slot is ${NUM} mm wide`),
        en: ([mm]) =>
          `The smallest hole or slot is ${mm} mm wide; features narrower than the sheet thickness may not cut cleanly.`,
        id: ([mm]) =>
          `Lubang atau celah terkecil selebar ${mm} mm; fitur yang lebih sempit dari tebal pelat mungkin tidak terpotong rapi.`,
      },
    ],
    en: "Some holes or slots are very small; features narrower than the sheet thickness may not cut cleanly.",
    id: "Beberapa lubang atau celah sangat kecil; fitur yang lebih sempit dari tebal pelat mungkin tidak terpotong rapi.",
  },
  MULTIPLE_PARTS: {
    variants: [
      {
        match: new RegExp(`^The drawing holds ${NUM} separate parts`),
        en: ([n]) => `The drawing holds ${n} separate parts; the price covers all of them as drawn.`,
        id: ([n]) => `Gambar ini berisi ${n} bagian terpisah; harga mencakup semuanya sesuai gambar.`,
      },
    ],
    en: "The drawing holds several separate parts; the price covers all of them as drawn.",
    id: "Gambar ini berisi beberapa bagian terpisah; harga mencakup semuanya sesuai gambar.",
  },
};

export const WARNING_CODES = Object.keys(WARNING_TEXTS) as WarningCode[];

/** Every number in an English snippet ("1,234", "40.5 × 30 × 20") re-written for `lang`. */
function localizeNumbers(text: string, lang: FormatLang): string {
  return text.replace(/\d[\d,]*(?:\.\d+)?/g, (token) =>
    formatNumber(Number(token.replace(/,/g, "")), lang, { maximumFractionDigits: 2 }),
  );
}

/** The sentence the dashboard shows for a warning, or the API's message for a code it does not know. */
export function warningText(warning: { code: string; message: string }, lang: FormatLang): string {
  const entry = (WARNING_TEXTS as Record<string, WarningText | undefined>)[warning.code];
  if (!entry) return warning.message;
  for (const variant of entry.variants) {
    const found = variant.match.exec(warning.message);
    if (found) return variant[lang](found.slice(1).map((group) => localizeNumbers(group ?? "", lang)));
  }
  return entry[lang];
}
