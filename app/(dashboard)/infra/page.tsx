import { SectionPlaceholder } from "../section-placeholder";

export default function Page() {
  return <SectionPlaceholder title="nav.infra" />;
}
