import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Link } from "react-router";
import { useEndpointQuery } from "../../providers/use-endpoint";
import { siblingPath, type SectionPageProps } from "../../resources/derive";
import { DEVICE_ENDPOINTS, DEVICE_STATE_COLORS, DEVICE_STATE_LABELS } from "../../schema/device";
import { SectionPageFrame } from "../kinds/section-page-frame";
import { BindCodeModal } from "./bind-code-modal";

/**
 * /evidenceTaken/mobileRecord/new: recording happens on the phone or recording device, so this
 * page binds one (bind code and QR code), lists the bound devices, and says how a device records
 * (the device API, or the reference client for integrators). Recordings arrive in the list.
 */
export default function MobileRecordNewPage({ route }: SectionPageProps) {
  const [isBinding, setBinding] = useState(false);
  const { datas: devices, query } = useEndpointQuery(DEVICE_ENDPOINTS.list, { pageNumber: 1, pageSize: 100, state: "active" });
  const list = siblingPath(route, "dataList");
  return (
    <SectionPageFrame route={route}>
      <Space direction="vertical" size="large" style={{ width: "100%" }}>
        <Card size="small" title="第一步：绑定设备">
          <Typography.Paragraph>在手机取证应用或录制设备上输入绑定码或扫描二维码，设备即以自己的密钥绑定到本账号。绑定码 10 分钟内有效，只能使用一次。</Typography.Paragraph>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding(true)}>
            添加设备
          </Button>
          {isBinding && (
            <BindCodeModal
              onClose={() => {
                setBinding(false);
                void query.refetch();
              }}
            />
          )}
        </Card>
        <Card size="small" title="已绑定的设备">
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={Array.isArray(devices?.list) ? devices.list : []}
            locale={{ emptyText: "暂无绑定的设备" }}
            columns={[
              { title: "设备名称", dataIndex: "name" },
              { title: "型号", dataIndex: "model" },
              { title: "公钥指纹", dataIndex: "publicKeySha256", render: (value: string) => <Typography.Text code>{value.slice(0, 16)}…</Typography.Text> },
              { title: "状态", dataIndex: "state", render: (state: keyof typeof DEVICE_STATE_LABELS) => <Tag color={DEVICE_STATE_COLORS[state]}>{DEVICE_STATE_LABELS[state]}</Tag> },
            ]}
          />
        </Card>
        <Card size="small" title="第二步：在设备上录制">
          <Typography.Paragraph>在设备上开始录制：录像分片边录边上传，每个分片由设备密钥签名，平台随到随算哈希链并至少每 30 秒上链锚定一次；断网后从平台已收到的位置续传。在设备上结束录制后，平台封存为证据。</Typography.Paragraph>
          <Typography.Paragraph>
            集成方可使用项目自带的参考客户端上传本地录像：<Typography.Text code>npm run device -- bind 服务器地址 绑定码 --name 设备名称</Typography.Text>，然后 <Typography.Text code>npm run device -- upload 录像文件 --name 取证名称</Typography.Text>（接口与签名规则见 README）。
          </Typography.Paragraph>
          {list && <Link to={list}>查看取证列表</Link>}
        </Card>
      </Space>
    </SectionPageFrame>
  );
}
