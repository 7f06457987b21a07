import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/** Enter searches the whole site (/globalSearch?q=). */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  return (
    <Input
      className="search-box"
      allowClear
      value={q}
      maxLength={50}
      placeholder="搜索句子、美文、作者"
      aria-label="搜索"
      prefix={<SearchOutlined aria-hidden />}
      onChange={(e) => setQ(e.target.value)}
      onPressEnter={() => {
        const term = q.trim();
        if (!term) return;
        void navigate(`/globalSearch?q=${encodeURIComponent(term)}`);
        onSearch?.();
      }}
    />
  );
}
