import Link from "next/link";
import { requireDashboard } from "./dashboard-session";
import { setLanguage, switchWorkspace } from "./actions";
import { WorkspaceSwitcher } from "@/components/dashboard/workspace-switcher";
import { SignOutButton } from "@/components/dashboard/sign-out-button";
import type { MessageKey } from "@/lib/i18n/messages";

export const dynamic = "force-dynamic";

const NAV: { href: string; label: MessageKey }[] = [
  { href: "/files", label: "nav.files" },
  { href: "/quotes", label: "nav.quotes" },
  { href: "/prices", label: "nav.prices" },
  { href: "/webhooks", label: "nav.webhooks" },
  { href: "/infra", label: "nav.infra" },
  { href: "/keys", label: "nav.keys" },
  { href: "/usage", label: "nav.usage" },
];

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const { memberships, current, email, lang, t } = await requireDashboard();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      {/* A phone gets the navigation as a bar above the page, so the page keeps the screen's width. */}
      <aside className="w-full shrink-0 border-b border-stone-200 bg-white p-4 md:w-56 md:border-r md:border-b-0">
        <Link href="/files" className="block text-xl font-bold tracking-tight text-orange-700">
          Bengkel
        </Link>
        <p className="mt-1 text-xs text-stone-500">{t("app.tagline")}</p>
        <div className="mt-4 md:mt-6">
          <WorkspaceSwitcher
            key={current.workspace.id}
            label={t("ws.switch")}
            action={switchWorkspace}
            current={current.workspace.id}
            options={memberships.map((m) => ({
              id: m.workspace.id,
              name: `${m.workspace.name} (${m.workspace.plan})`,
            }))}
          />
        </div>
        <nav className="mt-4 flex flex-row flex-wrap gap-1 md:mt-6 md:flex-col" aria-label="Sections">
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="rounded px-2 py-1.5 text-sm hover:bg-stone-100">
              {t(item.label)}
            </Link>
          ))}
          <a href="/docs" className="rounded px-2 py-1.5 text-sm hover:bg-stone-100">
            {t("nav.docs")}
          </a>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2 border-b border-stone-200 bg-white px-4 py-3 text-sm md:px-6">
          <form action={setLanguage} className="flex gap-1">
            {(["id", "en"] as const).map((code) => (
              <button
                key={code}
                name="lang"
                value={code}
                className={`rounded px-2 py-0.5 ${lang === code ? "bg-stone-900 text-white" : "bg-stone-100"}`}
              >
                {code.toUpperCase()}
              </button>
            ))}
          </form>
          <span className="text-stone-600" data-testid="signed-in-as">
            {email}
          </span>
          <SignOutButton label={t("auth.signOut")} />
        </header>
        <main className="p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}
