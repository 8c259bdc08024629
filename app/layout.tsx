import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Bengkel",
  description: "Instant manufacturing quotes from CAD files, and a small infrastructure control panel.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="id">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">{children}</body>
    </html>
  );
}
