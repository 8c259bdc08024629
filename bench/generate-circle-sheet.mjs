// The laser benchmarks' sheet: 50,000 circles of Ø5 mm on an 8 mm pitch inside a rectangular outline (~5 MB DXF).
import { writeFileSync } from "node:fs";

export const CIRCLES = 50_000;
const COLUMNS = 250;
const PITCH = 8;

export function writeCircleSheet(file) {
  const rows = Math.ceil(CIRCLES / COLUMNS);
  const w = COLUMNS * PITCH + 10;
  const h = rows * PITCH + 10;
  const out = [
    "0",
    "SECTION",
    "2",
    "HEADER",
    "9",
    "$INSUNITS",
    "70",
    "4",
    "0",
    "ENDSEC",
    "0",
    "SECTION",
    "2",
    "ENTITIES",
  ];
  out.push(
    "0",
    "LWPOLYLINE",
    "5",
    "FF",
    "100",
    "AcDbEntity",
    "8",
    "0",
    "100",
    "AcDbPolyline",
    "90",
    "4",
    "70",
    "1",
    "10",
    "0",
    "20",
    "0",
    "10",
    String(w),
    "20",
    "0",
    "10",
    String(w),
    "20",
    String(h),
    "10",
    "0",
    "20",
    String(h),
  );
  for (let i = 0; i < CIRCLES; i++) {
    const x = 10 + (i % COLUMNS) * PITCH;
    const y = 10 + Math.floor(i / COLUMNS) * PITCH;
    out.push(
      "0",
      "CIRCLE",
      "5",
      (i + 256).toString(16).toUpperCase(),
      "100",
      "AcDbEntity",
      "8",
      "0",
      "100",
      "AcDbCircle",
      "10",
      x.toFixed(6),
      "20",
      y.toFixed(6),
      "30",
      "0.0",
      "40",
      "2.5",
    );
  }
  out.push("0", "ENDSEC", "0", "EOF");
  writeFileSync(file, out.join("\n") + "\n");
}
