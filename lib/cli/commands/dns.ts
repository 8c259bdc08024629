import { getDb } from "@/lib/db/client";
import { powerDnsClient } from "@/lib/infra/dns/powerdns/powerdns-client";
import { syncPowerDns } from "@/lib/infra/dns/powerdns/sync-powerdns";
import { printResult } from "../output";

/** `bengkel dns sync`: PowerDNS (PDNS_API_URL, PDNS_API_KEY) made to match the database's zones. */
export async function runDnsSync(json: boolean): Promise<void> {
  const result = await syncPowerDns(getDb(), powerDnsClient());
  printResult(result, json, () =>
    [
      `PowerDNS matches the database: ${result.created.length} created, ${result.updated.length} updated, ` +
        `${result.deleted.length} deleted, ${result.unchanged.length} unchanged.`,
      ...(["created", "updated", "deleted"] as const).flatMap((k) => result[k].map((d) => `  ${k} ${d}`)),
    ].join("\n"),
  );
}
