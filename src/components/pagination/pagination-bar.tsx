import { Button, Input, Pagination, Select, Space, Typography } from "antd";
import { useState } from "react";
import { PAGINATION_COMPACT_PAGE_SIZE } from "../../schema/constants";
import { normalisePageNumber, PAGE_SIZE_OPTIONS } from "../../schema/paging";

export interface PaginationBarProps {
  pageNumber: number;
  pageSize: number;
  total: number;
  onChange: (pageNumber: number, pageSize: number) => void;
  sizes?: readonly number[];
  /** Also show the total count at the start (a list of the registry's pages does). */
  showTotal?: boolean;
}

export const PAGINATION_TEXT = {
  first: "首页",
  last: "尾页",
  jumpLabel: "跳转页码",
  jumpBefore: "跳至",
  jumpAfter: "页",
  sizeLabel: "每页条数",
  size: (size: number) => `${size} 条/页`,
  total: (total: number) => `共 ${total} 条`,
} as const;

/**
 * The pagination widget of spec §2: first and last page, the page numbers with ellipses, a
 * page-size choice and a jump-to-page input. With page size 4 the size choice gives way to the
 * total count. A jump to anything but a whole page within 1..last is ignored and the input
 * cleared (spec §5).
 */
export function PaginationBar({ pageNumber, pageSize, total, onChange, sizes = PAGE_SIZE_OPTIONS, showTotal = false }: PaginationBarProps) {
  const [jumpText, setJumpText] = useState("");
  const totalPage = Math.max(1, Math.ceil(total / pageSize));
  const isCompact = pageSize === PAGINATION_COMPACT_PAGE_SIZE;
  if (total === 0) return null;

  const goTo = (page: number) => onChange(page, pageSize);
  const jump = () => {
    const page = normalisePageNumber(jumpText.trim(), totalPage);
    setJumpText("");
    if (page !== null && page !== pageNumber) goTo(page);
  };

  return (
    <nav aria-label="分页">
      <Space wrap size={8} style={{ justifyContent: "flex-end", width: "100%", marginTop: 16 }}>
        {showTotal && !isCompact && <Typography.Text type="secondary">{PAGINATION_TEXT.total(total)}</Typography.Text>}
        <Button size="small" disabled={pageNumber <= 1} onClick={() => goTo(1)}>
          {PAGINATION_TEXT.first}
        </Button>
        <Pagination size="small" current={pageNumber} pageSize={pageSize} total={total} showSizeChanger={false} onChange={goTo} />
        <Button size="small" disabled={pageNumber >= totalPage} onClick={() => goTo(totalPage)}>
          {PAGINATION_TEXT.last}
        </Button>
        {isCompact ? (
          <Typography.Text type="secondary">{PAGINATION_TEXT.total(total)}</Typography.Text>
        ) : (
          <Select
            size="small"
            aria-label={PAGINATION_TEXT.sizeLabel}
            value={pageSize}
            options={sizes.map((size) => ({ value: size, label: PAGINATION_TEXT.size(size) }))}
            // A new size starts again at the first page, whose rows the user has not seen yet either.
            onChange={(size: number) => onChange(1, size)}
            style={{ width: 104 }}
          />
        )}
        <span>
          {PAGINATION_TEXT.jumpBefore}
          <Input
            size="small"
            aria-label={PAGINATION_TEXT.jumpLabel}
            inputMode="numeric"
            value={jumpText}
            onChange={(event) => setJumpText(event.target.value)}
            onPressEnter={jump}
            onBlur={() => jumpText && jump()}
            style={{ width: 52, margin: "0 6px" }}
          />
          {PAGINATION_TEXT.jumpAfter}
        </span>
      </Space>
    </nav>
  );
}
