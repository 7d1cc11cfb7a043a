import { z } from "zod";

/** Fixed code lists of spec §3, as {id, name} arrays (for selects) plus a zod schema of their ids. */

export interface CodeItem<Id extends number = number> {
  id: Id;
  name: string;
}

function codeList<const T extends readonly CodeItem[]>(items: T, required: string) {
  type Id = T[number]["id"];
  const ids = items.map((item) => item.id) as Id[];
  return {
    items,
    idSchema: z.literal(ids, { error: required }),
    /** The id as a request field sends it (a form field is text): coerced, then checked, with the same message. */
    fieldSchema: z.coerce.number({ error: required }).pipe(z.literal(ids, { error: required })),
    nameOf: (id: number): string | undefined => items.find((item) => item.id === id)?.name,
  };
}

const industries = codeList(
  [
    { id: 1, name: "销售/贸易" },
    { id: 2, name: "电子商务" },
    { id: 3, name: "个体经营者" },
    { id: 4, name: "律师" },
    { id: 5, name: "法务" },
    { id: 6, name: "其他法律从业者" },
    { id: 7, name: "媒体/记者" },
    { id: 8, name: "教育/培训" },
    { id: 9, name: "广告/公关" },
    { id: 10, name: "文化/艺术" },
    { id: 11, name: "人力资源" },
    { id: 12, name: "写作/出版" },
    { id: 13, name: "金融" },
    { id: 14, name: "保险" },
    { id: 15, name: "服务业" },
    { id: 16, name: "餐饮/旅游" },
    { id: 17, name: "快消品" },
    { id: 18, name: "娱乐/体育" },
    { id: 19, name: "学术研究" },
    { id: 20, name: "IT/通信" },
    { id: 21, name: "房地产/建筑" },
    { id: 22, name: "工程/能源" },
    { id: 23, name: "医疗健康" },
    { id: 24, name: "物流" },
    { id: 25, name: "制造业" },
    { id: 26, name: "农林牧渔" },
    { id: 27, name: "政府/事业单位" },
    { id: 28, name: "非营利组织/协会" },
    { id: 29, name: "学生" },
    { id: 30, name: "其他" },
  ],
  "请选择所属行业",
);
export const INDUSTRIES = industries.items;
export const IndustryIdSchema = industries.idSchema;
export const IndustryIdFieldSchema = industries.fieldSchema;
export type IndustryId = z.infer<typeof IndustryIdSchema>;
export const industryName = industries.nameOf;

const institutionTypes = codeList(
  [
    { id: 1, name: "普通企业" },
    { id: 2, name: "律师事务所" },
    { id: 3, name: "行政机关" },
    { id: 4, name: "事业单位" },
    { id: 5, name: "其他非营利组织" },
  ],
  "请选择机构类型",
);
export const INSTITUTION_TYPES = institutionTypes.items;
export const InstitutionTypeIdSchema = institutionTypes.idSchema;
export const InstitutionTypeIdFieldSchema = institutionTypes.fieldSchema;
export type InstitutionTypeId = z.infer<typeof InstitutionTypeIdSchema>;
export const institutionTypeName = institutionTypes.nameOf;

/**
 * Evidence types of the collection area. The spec gives only the labels; the ids are ours, in
 * the spec's order, and EVIDENCE_TYPE names them for code.
 */
export const EVIDENCE_TYPE = { screenRecord: 1, snapshot: 2, mobileRecord: 3, procedureRecord: 4 } as const;

const evidenceTypes = codeList(
  [
    { id: EVIDENCE_TYPE.screenRecord, name: "录屏" },
    { id: EVIDENCE_TYPE.snapshot, name: "快照" },
    { id: EVIDENCE_TYPE.mobileRecord, name: "手机录屏" },
    { id: EVIDENCE_TYPE.procedureRecord, name: "过程取证" },
  ],
  "请选择证据类型",
);
export const EVIDENCE_TYPES = evidenceTypes.items;
export const EvidenceTypeIdSchema = evidenceTypes.idSchema;
export type EvidenceTypeId = z.infer<typeof EvidenceTypeIdSchema>;
export const evidenceTypeName = evidenceTypes.nameOf;
