import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // Native and WebAssembly modules stay on the server as plain Node requires.
  serverExternalPackages: ["better-sqlite3", "@node-rs/argon2", "occt-import-js", "@mlightcad/libredwg-web"],
  poweredByHeader: false,
  // The embeddable viewer is meant to be framed by any site (the token is the access control).
  async headers() {
    return [
      {
        source: "/embed/:path*",
        headers: [
          { key: "Content-Security-Policy", value: "frame-ancestors *" },
          { key: "Referrer-Policy", value: "no-referrer" },
          { key: "X-Robots-Tag", value: "noindex" },
        ],
      },
    ];
  },
};

export default nextConfig;
