"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

export function InfraTabs({ label, tabs }: { label: string; tabs: { href: string; label: string }[] }) {
  const pathname = usePathname();
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-stone-200">
      {tabs.map((tab) => {
        const active = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
        return (
          <Link
            key={tab.href}
            href={tab.href}
            aria-current={active ? "page" : undefined}
            className={`-mb-px rounded-t border px-3 py-1.5 text-sm ${active ? "border-stone-200 border-b-white bg-white font-medium" : "border-transparent text-stone-600 hover:bg-stone-100"}`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
