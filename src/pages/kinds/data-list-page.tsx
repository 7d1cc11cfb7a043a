import { useInvalidate } from "@refinedev/core";
import { useState } from "react";
import { isPageOpen } from "../../resources/availability";
import { pageData } from "../../resources/define";
import type { SectionPageProps } from "../../resources/derive";
import { FeaturePending } from "./feature-pending";
import { usePageSlots } from "./page-slots";
import { RecordList } from "./record-list";
import { SectionPageFrame } from "./section-page-frame";

/**
 * The dataList kind: the section's records, paged and filtered in the URL, with a link to each
 * record's page; a section adds its buttons, row actions, cells, a panel and a selection as slots.
 */
export default function DataListPage({ route }: SectionPageProps) {
  const slots = usePageSlots(route.page);
  const [selected, setSelected] = useState<number[]>([]);
  const invalidate = useInvalidate();
  const refresh = () => void invalidate({ resource: route.resource, invalidates: ["resourceAll"] });
  const { toolbar: Toolbar, panel: Panel, selection: Selection } = slots;
  if (!isPageOpen(route.section, route.page)) {
    return (
      <SectionPageFrame route={route}>
        <FeaturePending route={route} />
      </SectionPageFrame>
    );
  }
  return (
    <SectionPageFrame route={route} extra={Toolbar && <Toolbar route={route} refresh={refresh} />}>
      {Panel && <Panel route={route} refresh={refresh} />}
      <RecordList
        route={route}
        data={pageData(route.section, route.page)}
        slots={slots}
        selection={Selection && { selected, onSelect: setSelected, actions: <Selection route={route} refresh={refresh} selected={selected} /> }}
      />
    </SectionPageFrame>
  );
}
