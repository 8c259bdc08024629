import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WebAssembly modules stay on the server as plain Node requires.
  serverExternalPackages: ["better-sqlite3", "@node-rs/argon2", "occt-import-js", "@mlightcad/libredwg-web"],
  poweredByHeader: false,
};

export default nextConfig;
