import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderDovecotConfig, type DovecotOptions } from "./dovecot-config";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-doveconf-"));
  process.env.DATA_DIR = dir;
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  delete process.env.DATA_DIR;
});

const base: DovecotOptions = {
  host: "127.0.0.1",
  imapPort: 1143,
  pop3Port: 1110,
  asRoot: false,
  owner: { name: "nobody", uid: 65534, gid: 65534, group: "nogroup" },
};

/** Dovecot's own parser: `doveconf -n` prints the settings that differ from its defaults, or fails. */
function doveconf(options: DovecotOptions): string {
  const file = path.join(dir, "dovecot.conf");
  fs.writeFileSync(file, renderDovecotConfig(options));
  return execFileSync("/usr/bin/doveconf", ["-n", "-c", file], { stdio: ["ignore", "pipe", "pipe"] }).toString();
}

describe("renderDovecotConfig", () => {
  it("is a configuration Dovecot accepts, as the server's own user and as root", () => {
    const own = doveconf(base);
    expect(own).toMatch(/default_login_user = nobody/);
    expect(own).toMatch(/inet_listener imap \{\s+address = 127\.0\.0\.1\s+port = 1143/);
    expect(own).toMatch(/inet_listener pop3 \{\s+address = 127\.0\.0\.1\s+port = 1110/);
    expect(own).toMatch(/quota = count:Mailbox/);
    const root = doveconf({ ...base, asRoot: true, owner: { name: "mail", uid: 8, gid: 8, group: "mail" } });
    expect(root).not.toMatch(/default_(login|internal)_user/); // Dovecot's defaults: dovenull and dovecot
    expect(root).toMatch(/first_valid_uid = 8/);
  });

  it("offers STARTTLS only with a certificate and key, and refuses a value that would start a new setting", () => {
    expect(doveconf(base)).toMatch(/^ssl = no$/m);
    const cert = path.join(dir, "cert.pem");
    const key = path.join(dir, "key.pem");
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=mail.test"].concat([
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
      ]),
      { stdio: "ignore" },
    );
    const tls = doveconf({ ...base, tlsCert: cert, tlsKey: key });
    expect(tls).not.toMatch(/^ssl = no$/m);
    expect(tls).toContain(`ssl_cert = </${path.relative("/", cert)}`);
    expect(() => renderDovecotConfig({ ...base, host: "127.0.0.1\nssl = no" })).toThrow(/line break/);
  });
});
