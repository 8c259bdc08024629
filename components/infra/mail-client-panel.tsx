import type { MessageKey } from "@/lib/i18n/messages";
import type { MailClientSettings } from "@/lib/infra/email/mail-client-settings";

/** Thunderbird's manual account setup, filled in: what the email page shows under its mailboxes. */
export function MailClientPanel({ settings, t }: { settings: MailClientSettings; t: (key: MessageKey) => string }) {
  const { available, outgoing } = settings;
  if (!available && !outgoing) return <p className="text-sm text-stone-500">{t("infra.email.clientOff")}</p>;
  const incomingSecurity =
    settings.security === "starttls" ? "infra.email.securityStarttls" : "infra.email.securityNone";
  const incoming = (protocol: string, port: number) => ({
    kind: "infra.email.clientIncoming" as const,
    protocol,
    host: settings.host,
    port,
    security: incomingSecurity,
  });
  const rows = [
    ...(available ? [incoming("IMAP", settings.imapPort), incoming("POP3", settings.pop3Port)] : []),
    // Submission takes AUTH only after STARTTLS, so the outgoing server is always STARTTLS.
    ...(outgoing
      ? [
          {
            kind: "infra.email.clientOutgoing" as const,
            protocol: "SMTP",
            ...outgoing,
            security: "infra.email.securityStarttls" as const,
          },
        ]
      : []),
  ];
  return (
    <section className="space-y-2" aria-labelledby="mail-client-title">
      <h2 id="mail-client-title" className="font-medium">
        {t("infra.email.client")}
      </h2>
      <p className="text-sm text-stone-600">{t("infra.email.clientIntro")}</p>
      {!available && <p className="text-sm text-stone-500">{t("infra.email.clientOff")}</p>}
      {!outgoing && <p className="text-sm text-stone-500">{t("infra.email.sendOff")}</p>}
      <table className="w-full border-collapse bg-white text-sm" data-testid="mail-client-settings">
        <thead>
          <tr className="border-b text-left text-stone-500">
            {(
              [
                "infra.email.clientKind",
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
              <td className="p-2">{t(row.kind)}</td>
              <td className="p-2 font-medium">{row.protocol}</td>
              <td className="p-2 font-mono">{row.host}</td>
              <td className="p-2 font-mono">{row.port}</td>
              <td className="p-2">{t(row.security)}</td>
              <td className="p-2">{t("infra.email.clientAuthValue")}</td>
              <td className="p-2">{t("infra.email.clientUserValue")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
