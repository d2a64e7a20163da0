import type { Representatives } from "./BaseDataDetail";
import { useLoaderData } from "@remix-run/react";
import { ENTITIES, type EntityKey } from "~/modules/basedata/entities";
import type { HistoryData } from "../../../ui/ActivityHistory";
import { BaseDataDetail } from "./BaseDataDetail";
import { BaseDataList, type BaseDataListData } from "./BaseDataList";
import { DeleteDialog } from "./DeleteDialog";
import { RecordDialog } from "./RecordDialog";

/** Route components of every base-data screen; each reads the entity from its loader's data. */
type WithEntity = { entity: EntityKey };
type RecordData = Record<string, unknown> & { id: number; updated_at: string };
type Usage = { services: { id: number; name: string }[]; total: number };

export function BaseDataListRoute() {
  const data = useLoaderData() as WithEntity & { list: BaseDataListData };
  return <BaseDataList def={ENTITIES[data.entity]} list={data.list} />;
}

export function BaseDataNewRoute() {
  const data = useLoaderData() as WithEntity;
  return <RecordDialog def={ENTITIES[data.entity]} />;
}

export function BaseDataEditRoute() {
  const data = useLoaderData() as WithEntity & { record: RecordData };
  return <RecordDialog key={data.record.updated_at} def={ENTITIES[data.entity]} record={data.record} />;
}

export function BaseDataDeleteRoute() {
  const data = useLoaderData() as WithEntity & { record: RecordData; usage: Usage };
  return <DeleteDialog def={ENTITIES[data.entity]} record={data.record} usage={data.usage} />;
}

export function BaseDataDetailRoute() {
  const data = useLoaderData() as WithEntity & { record: RecordData; usage: Usage; history: HistoryData; representatives: Representatives | null; translate: string | null };
  return <BaseDataDetail def={ENTITIES[data.entity]} record={data.record} usage={data.usage} history={data.history} representatives={data.representatives} translate={data.translate} />;
}
