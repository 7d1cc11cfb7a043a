import dayjs from "dayjs";
import "dayjs/locale/zh-cn";

// antd's date pickers format through dayjs; its locale must match antd's zh_CN.
dayjs.locale("zh-cn");
