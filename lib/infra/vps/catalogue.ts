/** What the local provider offers; codes follow the usual cloud naming so clients port easily. */
export const REGIONS = [
  { code: "sgp1", name: "Singapore", country: "SG" },
  { code: "jkt1", name: "Jakarta", country: "ID" },
  { code: "syd1", name: "Sydney", country: "AU" },
  { code: "fra1", name: "Frankfurt", country: "DE" },
  { code: "nyc1", name: "New York", country: "US" },
] as const;

export const PLANS = [
  { code: "s-1vcpu-1gb", vcpus: 1, memory_mb: 1024, disk_gb: 25, price_idr_monthly: 90_000 },
  { code: "s-1vcpu-2gb", vcpus: 1, memory_mb: 2048, disk_gb: 50, price_idr_monthly: 180_000 },
  { code: "s-2vcpu-4gb", vcpus: 2, memory_mb: 4096, disk_gb: 80, price_idr_monthly: 360_000 },
  { code: "s-4vcpu-8gb", vcpus: 4, memory_mb: 8192, disk_gb: 160, price_idr_monthly: 720_000 },
  { code: "c-8vcpu-16gb", vcpus: 8, memory_mb: 16384, disk_gb: 320, price_idr_monthly: 1_440_000 },
] as const;

export const IMAGES = [
  { code: "debian-12", name: "Debian 12 (bookworm)", family: "debian" },
  { code: "ubuntu-24.04", name: "Ubuntu 24.04 LTS", family: "ubuntu" },
  { code: "alpine-3.20", name: "Alpine Linux 3.20", family: "alpine" },
  { code: "rocky-9", name: "Rocky Linux 9", family: "rhel" },
] as const;

export type PlanEntry = (typeof PLANS)[number];

export const findRegion = (code: string) => REGIONS.find((r) => r.code === code);
export const findPlan = (code: string): PlanEntry | undefined => PLANS.find((p) => p.code === code);
export const findImage = (code: string) => IMAGES.find((i) => i.code === code);
