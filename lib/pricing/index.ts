/** Pure pricing core: plain data in, plain data out. No framework, no database. */
export { DEFAULT_CATALOG, familySettings, processOf } from "./catalog";
export type { PriceCatalog } from "./catalog";
export { laserCutRate, listLaserOptions, pierceFee, priceLaser } from "./laser";
export type { LaserQuote } from "./laser";
export { price3dPrint } from "./print-3d";
export type { FamilyFigures, PrintQuote } from "./print-3d";
