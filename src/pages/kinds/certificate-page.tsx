import { RecordPage } from "./record-page";

/** The certificate kind (spec §2 dataList/Certificate). */
export default RecordPage;
