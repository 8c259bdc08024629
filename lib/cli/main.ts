import { parseArgs } from "node:util";
import { DomainError, isDomainError } from "@/lib/errors";
import { UsageError } from "./output";
import { startStlThread } from "./stl-thread-start";

const stlThread = startStlThread(process.argv.slice(2));

const HELP = `bengkel — manufacturing quotes from CAD files

Usage:
  bengkel analyze FILE [--json]                    measure a mesh (STL, 3MF, OBJ, AMF, PLY, OFF, STEP) or drawing (DXF, DWG)
  bengkel quote FILE [--infill 20] [--supports none|auto] [--json]   price a file offline with the default catalogue (3D print or laser)
  bengkel prices show --workspace ID [--json]      a workspace's active price catalogue and its version
  bengkel prices export --workspace ID             the catalogue as JSON, to edit and publish with \`prices set\`
  bengkel prices set --workspace ID --file catalog.json [--note TEXT] [--json]   validate and publish the next version
  bengkel prices import-profile --workspace ID --family fdm --file config.ini [--json]   a PrusaSlicer config.ini as the family's print profile
  bengkel db migrate                               create or update the database (DATABASE_URL)
  bengkel workspace create --name N [--plan free|pro|team] [--infra-plan solo_edge|continental|planetary] [--owner EMAIL]
  bengkel keys create --workspace ID [--name N] [--scopes a,b] [--expires-in-days N] [--json]
  bengkel user create --email E --password P [--name N] [--workspace ID]
  bengkel dns sync [--json]                        make PowerDNS (PDNS_API_URL, PDNS_API_KEY) serve exactly the database's zones
  bengkel demo                                     seed the demo user, workspaces and keys; print them

Options: --json prints machine-readable output only.`;

/** Each command is loaded on demand so `analyze` starts without the database layer. */
async function dispatch(positionals: string[], values: Record<string, string | boolean | undefined>): Promise<void> {
  const json = Boolean(values.json);
  const [group, action] = positionals;
  const command = `${group ?? ""} ${action ?? ""}`.trim();
  if (group === "analyze")
    return (await import("./commands/analyze")).runAnalyze(positionals.slice(1), { json }, stlThread);
  if (command === "dns sync") return (await import("./commands/dns")).runDnsSync(json);
  if (group === "demo") return (await import("./commands/demo")).runDemo(json);
  if (group === "quote") {
    return (await import("./commands/quote")).runQuote(positionals.slice(1), {
      json,
      infill: values.infill as string | undefined,
      supports: values.supports as string | undefined,
    });
  }
  if (group === "prices") {
    const prices = await import("./commands/prices");
    if (action === "show") return await prices.runPricesShow(values, json);
    if (action === "export") return await prices.runPricesExport(values);
    if (action === "set") return prices.runPricesSet(values, json);
    if (action === "import-profile") return prices.runPricesImportProfile(values, json);
  }
  const admin = await import("./commands/admin");
  if (command === "db migrate") return await admin.runMigrate(json);
  if (command === "workspace create") return admin.runWorkspaceCreate(values, json);
  if (command === "keys create") return admin.runKeysCreate(values, json);
  if (command === "user create") return admin.runUserCreate(values, json);
  throw new UsageError(HELP);
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        name: { type: "string" },
        plan: { type: "string" },
        "infra-plan": { type: "string" },
        family: { type: "string" },
        supports: { type: "string" },
        owner: { type: "string" },
        workspace: { type: "string" },
        scopes: { type: "string" },
        "expires-in-days": { type: "string" },
        email: { type: "string" },
        password: { type: "string" },
        infill: { type: "string" },
        file: { type: "string" },
        note: { type: "string" },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}\n`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    process.stdout.write(`${HELP}\n`);
    return parsed.values.help ? 0 : 2;
  }
  try {
    await dispatch(parsed.positionals, parsed.values);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    const failure = isDomainError(error) ? error : fileError(error, parsed.positionals[1]);
    if (failure) {
      const body = {
        error: { code: failure.code, message: failure.message, ...(failure.param ? { param: failure.param } : {}) },
      };
      process.stderr.write(
        parsed.values.json ? `${JSON.stringify(body)}\n` : `error (${failure.code}): ${failure.message}\n`,
      );
      return 1;
    }
    throw error;
  }
}

/** A file the user named that cannot be opened is their mistake, not a crash: the documented error, no stack. */
function fileError(error: unknown, named: string | undefined): DomainError | null {
  const { code, path = named } = error as NodeJS.ErrnoException;
  if (code === "ENOENT") return new DomainError("not_found", `${path}: no such file.`, { param: "file" });
  if (code === "EISDIR" || code === "EACCES")
    return new DomainError("unreadable_file", `${path}: ${code === "EISDIR" ? "is a folder" : "permission denied"}.`, {
      param: "file",
    });
  return null;
}

// `bengkel … | head` closes stdout early: stop quietly, as command-line tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

void main(process.argv.slice(2)).then(async (code) => {
  // A PostgreSQL pool would keep the process alive; commands that never opened the database skip loading it.
  if ((globalThis as { bengkelDb?: unknown }).bengkelDb) await (await import("@/lib/db/client")).closeProcessDb();
  process.exitCode = code;
  void stlThread?.terminate(); // when the command ended before using it
});
