import type { MessageKey } from "@/lib/i18n/messages";
import type { MailClientSettings } from "@/lib/infra/email/mail-client-settings";

interface Row {
  kind: MessageKey;
  protocol: string;
  host: string;
  port: number;
  security: MessageKey;
}

/** Thunderbird's manual account setup, filled in: what the email page shows under its mailboxes. */
export function MailClientPanel({ settings, t }: { settings: MailClientSettings; t: (key: MessageKey) => string }) {
  const { available, outgoing } = settings;
  if (!available && !outgoing) return <p className="text-sm text-stone-500">{t("infra.email.clientOff")}</p>;
  const incomingSecurity: MessageKey =
    settings.security === "starttls" ? "infra.email.securityStarttls" : "infra.email.securityNone";
  const rows: Row[] = [];
  if (available)
    for (const [protocol, port] of [
      ["IMAP", settings.imapPort],
      ["POP3", settings.pop3Port],
    ] as const)
      rows.push({
        kind: "infra.email.clientIncoming",
        protocol,
        host: settings.host,
        port,
        security: incomingSecurity,
      });
  // Submission takes AUTH only after STARTTLS, so the outgoing server is always STARTTLS.
  if (outgoing)
    rows.push({
      kind: "infra.email.clientOutgoing",
      protocol: "SMTP",
      ...outgoing,
      security: "infra.email.securityStarttls",
    });
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
