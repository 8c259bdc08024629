import { redirect } from "next/navigation";

export default function InfraPage() {
  redirect("/infra/vps");
}
