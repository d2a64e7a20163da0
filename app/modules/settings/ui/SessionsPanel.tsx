import type { OwnSession } from "../sessions.server";
import { SessionsCard } from "./SessionsCard";

/** The signed-in devices entry. */
export function SessionsPanel({ data }: { data: { sessions: OwnSession[] } }) {
  return <SessionsCard sessions={data.sessions} />;
}
