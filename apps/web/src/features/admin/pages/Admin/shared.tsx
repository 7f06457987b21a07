import type { SortOrder } from '@shiju/contract';
import { Button, DatePicker, Form, Input, Select, Space, type TableColumnType, type TablePaginationConfig, type TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { confirmDialog } from '../../../../components/ConfirmDialog/index.js';
import { FormModal } from '../../../../components/FormModal.js';
import { totalLabel } from '../../../../lib/format.js';

/** Asks first, then runs `write`; for actions that are easy to click by mistake. */
export async function confirmThen(ask: { title: string; content?: ReactNode; okText: string; danger?: boolean }, write: () => void) {
  if ((await confirmDialog({ ...ask, cancelText: '取消' })) === 'confirm') write();
}

interface PagedQuery {
  pageNum?: number;
  pageSize?: number;
  sortField?: string;
  sortOrder?: SortOrder;
}

export const ADMIN_PAGE_SIZE = 20;

/**
 * The paging, filters and sorting of one server-paged table. Changing a filter or the sort goes back to page 1;
 * the table takes `tableProps(list)`, and a sortable column spreads `sortable('field')` (the server sorts).
 */
export function usePagedQuery<Q extends PagedQuery>(initial: Q) {
  const [query, setQuery] = useState<Q>({ pageNum: 1, pageSize: ADMIN_PAGE_SIZE, ...initial });
  const setFilter = (patch: Partial<Q>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const pagination = (total: number | undefined, capped = false): TablePaginationConfig => ({
    current: query.pageNum,
    pageSize: query.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: () => `共 ${totalLabel(total ?? 0, capped)} 条`,
    onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
  });
  /** What every console table of this query takes: row keys, the loading state, the rows and the pager. */
  const onChange: TableProps<unknown>['onChange'] = (_p, _f, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const on = s?.order && typeof s.columnKey === 'string';
    setFilter({ sortField: on ? s.columnKey : undefined, sortOrder: on ? s.order : undefined } as Partial<Q>);
  };
  const tableProps = <T,>(list: { isFetching: boolean; data?: { list: T[]; total: number; totalCapped?: boolean } }) => ({
    rowKey: 'id',
    loading: list.isFetching,
    dataSource: list.data?.list,
    pagination: pagination(list.data?.total, list.data?.totalCapped),
    onChange: onChange as TableProps<T>['onChange'],
  });
  /** A column the server can sort by: its key is the call's `sortField`; the arrow shows the current order. */
  const sortable = (key: NonNullable<Q['sortField']>) => ({
    key,
    sorter: true,
    sortDirections: ['descend', 'ascend'] as SortOrder[],
    sortOrder: query.sortField === key ? (query.sortOrder ?? null) : null,
  });
  return { query, setFilter, tableProps, sortable };
}

/** A select filter whose "all" choice clears it. */
export function FilterSelect<V extends string | number>({
  value,
  onChange,
  options,
  placeholder,
  width = 130,
}: {
  value: V | undefined;
  onChange: (v: V | undefined) => void;
  options: ReadonlyArray<{ value: V; label: string }>;
  placeholder: string;
  width?: number;
}) {
  return (
    <Select<V>
      allowClear
      value={value}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width }}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

export function SearchFilter({
  placeholder,
  onSearch,
  width = 220,
}: {
  placeholder: string;
  onSearch: (v: string | undefined) => void;
  width?: number;
}) {
  return (
    <Input.Search
      allowClear
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ width }}
      onSearch={(v) => onSearch(v.trim() || undefined)}
    />
  );
}

/** The 编辑 / 删除 column of the console's editable lists. */
export function editDeleteColumn<T>(onEdit: (row: T) => void, onDelete: (row: T) => void): TableColumnType<T> {
  return {
    title: '操作',
    key: 'actions',
    width: 140,
    render: (_, row) => (
      <Space>
        <Button size="small" onClick={() => onEdit(row)}>
          编辑
        </Button>
        <Button size="small" danger onClick={() => onDelete(row)}>
          删除
        </Button>
      </Space>
    ),
  };
}

// ---------- reason dialog ----------

export interface ReasonValues {
  reason: string;
  /** ISO time, only when `withUntil` was asked. */
  until: string | null;
}

export interface ReasonOptions {
  title: string;
  /** What happens, said before the editor commits. */
  description?: ReactNode;
  label: string;
  required: boolean;
  /** Common reasons to pick with one click. */
  presets?: readonly string[];
  /** Also ask for an optional end time (bans). */
  withUntil?: boolean;
  okText: string;
  danger?: boolean;
  maxLength?: number;
  /** Resolves true when done (the dialog closes), false to keep it open. */
  onSubmit: (values: ReasonValues) => Promise<boolean>;
}

interface ReasonForm {
  reason?: string;
  until?: Dayjs | null;
}

function ReasonDialog({ options, onClose }: { options: ReasonOptions; onClose: () => void }) {
  const [form] = Form.useForm<ReasonForm>();
  const { maxLength = 200 } = options;
  return (
    <FormModal<ReasonForm>
      form={form}
      title={options.title}
      okText={options.okText}
      danger={options.danger}
      initialValues={{}}
      requiredMark={options.required}
      onSubmit={(v) => options.onSubmit({ reason: (v.reason ?? '').trim(), until: v.until ? v.until.toISOString() : null })}
      onClose={onClose}
    >
      {options.description ? <div className="admin-muted admin-dialog__lead">{options.description}</div> : null}
      {options.presets?.length ? (
        <Form.Item label="常用原因">
          <Select
            placeholder="选择一条，或在下面直接填写"
            aria-label="常用原因"
            options={options.presets.map((p) => ({ value: p, label: p }))}
            onChange={(p: string) => form.setFieldValue('reason', p)}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="reason"
        label={options.label}
        rules={options.required ? [{ required: true, whitespace: true, message: `请填写${options.label}` }] : []}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={maxLength} showCount aria-label={options.label} />
      </Form.Item>
      {options.withUntil ? (
        <Form.Item name="until" label="截止时间（不填为永久）">
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
            disabledDate={(d) => d.isBefore(new Date(), 'day')}
            aria-label="截止时间"
          />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}

/** A dialog that asks why (reject, hide, ban, refund …) before a write; render `element` once in the section. */
export function useReasonDialog() {
  const [options, setOptions] = useState<ReasonOptions | null>(null);
  const element = options ? <ReasonDialog options={options} onClose={() => setOptions(null)} /> : null;
  return { ask: setOptions, element };
}

/** Plain text of sanitised HTML, for excerpts and highlighting (parsed inertly: nothing runs or loads). */
export function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.body.querySelectorAll('p, h2, h3, li, blockquote, br')) el.append('\n');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** The target's own status as the server names it (essay, comment or user status), in words. */
export const TARGET_STATUS: Record<string, string> = {
  published: '已发布',
  pending: '待审核',
  draft: '草稿',
  rejected: '已驳回',
  hidden: '已隐藏',
  deleted: '已删除',
  visible: '正常显示',
  approved: '已公开',
  active: '正常',
  banned: '已封禁',
};
