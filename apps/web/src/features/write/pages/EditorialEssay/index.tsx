import { ClockCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError, toastSuccess } from '../../../../api/index.js';
import { essayQueries } from '../../../essays/index.js';
import { EmptyState } from '../../../../components/EmptyState.js';
import { EssayComposer, type EssayForm, type SaveIntent } from '../../../essays/index.js';
import { editHref, essayHref } from '../../../../lib/links.js';
import { parseId } from '../../../../lib/parseId.js';
import { useSession } from '../../../../hooks/useSession.js';
import { signInPath } from '../../../../lib/navigation.js';
import './editorial.css';

/** Published straight away, or waiting for an editor because of the sensitive-word list. */
function PendingNotice({ form }: { form: EssayForm }) {
  return (
    <Result
      icon={<ClockCircleOutlined aria-hidden />}
      title="已提交，待审核"
      subTitle={form.notice ?? '内容中有需要人工确认的词语，编辑审核通过后就会公开，请耐心等待。'}
      extra={[
        <Link key="edit" to={editHref(form.id)}>
          <Button>继续修改</Button>
        </Link>,
        <Link key="home" to="/home">
          <Button type="primary">回到首页</Button>
        </Link>,
      ]}
    />
  );
}

function useAfterSave() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<EssayForm | null>(null);
  const onSaved = (form: EssayForm, intent: SaveIntent, wasPublished = false) => {
    if (form.status === 'pending') {
      setPending(form);
    } else if (intent === 'draft') {
      toastSuccess('草稿已保存');
      void navigate(editHref(form.id), { replace: true });
    } else {
      toastSuccess(wasPublished ? '修改已保存' : '发布成功');
      void navigate(essayHref(form.id));
    }
  };
  return { pending, onSaved };
}

type OnSaved = (form: EssayForm, intent: SaveIntent, wasPublished?: boolean) => void;

function EditExisting({ id, onSaved }: { id: number; onSaved: OnSaved }) {
  const query = useQuery(essayQueries.form(id));
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isApiError(query.error, 'A0404') || isApiError(query.error, 'A0301')) {
    return (
      <EmptyState
        description="这篇作品不存在，或者不是你写的"
        action={
          <Link to="/editorialEssay">
            <Button type="primary">写一篇新的</Button>
          </Link>
        }
      />
    );
  }
  if (!query.data) return <EmptyState description="加载失败" action={<Button onClick={() => void query.refetch()}>重试</Button>} />;
  const wasPublished = query.data.status === 'published';
  return (
    <EssayComposer
      // A withdrawn text comes back as a draft: a fresh form with the draft's buttons.
      key={`${id}:${query.data.status}`}
      initial={query.data}
      onSaved={(form, intent) => onSaved(form, intent, wasPublished)}
    />
  );
}

/** /editorialEssay (new) and ?id= (edit an own text). Visitors are sent to sign in first. */
export default function EditorialEssay() {
  const user = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  // 写下第一篇 of an empty classification opens the editor under it.
  const classificationId = parseId(params.get('classificationId'));
  const { pending, onSaved } = useAfterSave();

  if (!user) return <Navigate to={signInPath(location.pathname + location.search)} replace />;

  return (
    <div className="page page--reading editorial">
      <h1 className="page__title">{id ? '编辑作品' : '写作'}</h1>
      <p className="page__lead">
        {id ? '修改后保存即可；已发布的作品保存后仍然公开。' : '写一句打动你的话，或一篇完整的美文。可以先存草稿，满意了再发布。'}
      </p>
      {pending ? (
        <PendingNotice form={pending} />
      ) : id ? (
        <EditExisting id={id} onSaved={onSaved} />
      ) : (
        <EssayComposer key={classificationId} defaults={{ classificationId }} onSaved={onSaved} />
      )}
    </div>
  );
}
