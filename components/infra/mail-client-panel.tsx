import type { MessageKey } from "@/lib/i18n/messages";
import type { MailClientSettings } from "@/lib/infra/email/mail-client-settings";

/** Thunderbird's manual account setup, filled in: what the email page shows under its mailboxes. */
export function MailClientPanel({ settings, t }: { settings: MailClientSettings; t: (key: MessageKey) => string }) {
  if (!settings.available) return <p className="text-sm text-stone-500">{t("infra.email.clientOff")}</p>;
  const security = t(settings.security === "starttls" ? "infra.email.securityStarttls" : "infra.email.securityNone");
  const rows = [
    { protocol: "IMAP", port: settings.imapPort },
    { protocol: "POP3", port: settings.pop3Port },
  ];
  return (
    <section className="space-y-2" aria-labelledby="mail-client-title">
      <h2 id="mail-client-title" className="font-medium">
        {t("infra.email.client")}
      </h2>
      <p className="text-sm text-stone-600">{t("infra.email.clientIntro")}</p>
      <table className="w-full border-collapse bg-white text-sm" data-testid="mail-client-settings">
        <thead>
          <tr className="border-b text-left text-stone-500">
            {(
              [
                "infra.email.clientProtocol",
                "infra.email.clientServer",
                "infra.email.clientPort",
                "infra.email.clientSecurity",
                "infra.email.clientAuth",
                "infra.email.clientUser",
              ] as const
            ).map((key) => (
              <th key={key} className="p-2">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.protocol} className="border-b">
              <td className="p-2 font-medium">{row.protocol}</td>
              <td className="p-2 font-mono">{settings.host}</td>
              <td className="p-2 font-mono">{row.port}</td>
              <td className="p-2">{security}</td>
              <td className="p-2">{t("infra.email.clientAuthValue")}</td>
              <td className="p-2">{t("infra.email.clientUserValue")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
