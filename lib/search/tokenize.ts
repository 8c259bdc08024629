/** Lower-case words without diacritics; camelCase and letter/underscore boundaries split, letter–digit runs like `ss304` kept. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const STOPWORDS = new Set(
  (
    "a an the and or of for with without in on at to from by is are be this that these those my our your all any some " +
    "i me show find search looking need want file files " +
    "yang dan atau di ke dari untuk dengan tanpa pada dalam oleh ini itu saya kami cari carikan mencari butuh perlu " +
    "ada semua beberapa adalah sebuah buah tolong mau ingin berkas"
  ).split(" "),
);

export const isStopword = (token: string) => STOPWORDS.has(token);
