const idr = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR" });

/** Rupiah as Indonesians write it, e.g. "Rp 149.000" (CLDR: no minor unit shown for IDR). */
export function formatIdr(amount: number): string {
  return idr.format(amount);
}

export function formatNumber(value: number, lang: "id" | "en"): string {
  return new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US").format(value);
}
