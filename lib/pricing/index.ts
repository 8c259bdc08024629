/** Pure pricing core: plain data in, plain data out. No framework, no database. */
export { DEFAULT_CATALOG, catalogSchema, familySettings, processOf } from "./catalog";
export type { LaserMaterial, PriceCatalog, PrintFamily, PrintMaterial } from "./catalog";
export { laserCutRate, laserGeometrySchema, listLaserOptions, pierceFee, priceLaser } from "./laser";
export type { LaserGeometry, LaserQuote, PierceFeeRule } from "./laser";
export { price3dPrint, printGeometrySchema, printParamsSchema } from "./print-3d";
export type { FamilyFigures, PrintGeometry, PrintParams, PrintQuote } from "./print-3d";
export { roundToHundred } from "./round";
