import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/app/api/auth/auth-options";
import { translator } from "@/lib/i18n/messages";
import { currentLang } from "@/app/(dashboard)/dashboard-session";
import { LoginForm } from "@/components/dashboard/login-form";

export const dynamic = "force-dynamic";

export default async function LoginPage() {
  if (await getServerSession(authOptions)) redirect("/files");
  const t = translator(await currentLang());
  return (
    <main className="mx-auto mt-24 max-w-sm rounded border border-stone-200 bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-orange-700">Bengkel</h1>
      <p className="mb-6 text-sm text-stone-500">{t("app.tagline")}</p>
      <LoginForm
        labels={{
          email: t("auth.email"),
          password: t("auth.password"),
          submit: t("auth.signIn"),
          failed: t("auth.failed"),
          tooMany: t("auth.tooMany"),
          tooManyOne: t("auth.tooManyOne"),
        }}
      />
    </main>
  );
}
