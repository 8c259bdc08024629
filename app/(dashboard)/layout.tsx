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
    <div className="flex min-h-screen">
      <aside className="w-56 shrink-0 border-r border-stone-200 bg-white p-4">
        <Link href="/files" className="block text-xl font-bold tracking-tight text-orange-700">
          Bengkel
        </Link>
        <p className="mt-1 text-xs text-stone-500">{t("app.tagline")}</p>
        <div className="mt-6">
          <WorkspaceSwitcher
            key={current.workspace.id}
            label={t("ws.switch")}
            action={switchWorkspace}
            current={current.workspace.id}
            options={memberships.map((m) => ({ id: m.workspace.id, name: `${m.workspace.name} (${m.workspace.plan})` }))}
          />
        </div>
        <nav className="mt-6 flex flex-col gap-1" aria-label="Sections">
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
      <div className="flex-1">
        <header className="flex items-center justify-end gap-4 border-b border-stone-200 bg-white px-6 py-3 text-sm">
          <form action={setLanguage} className="flex gap-1">
            {(["id", "en"] as const).map((code) => (
              <button key={code} name="lang" value={code} className={`rounded px-2 py-0.5 ${lang === code ? "bg-stone-900 text-white" : "bg-stone-100"}`}>
                {code.toUpperCase()}
              </button>
            ))}
          </form>
          <span className="text-stone-600" data-testid="signed-in-as">{email}</span>
          <SignOutButton label={t("auth.signOut")} />
        </header>
        <main className="p-6">{children}</main>
      </div>
    </div>
  );
}
