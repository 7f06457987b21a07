import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  LineOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { toastError } from '../../../../api/index.js';
import { LIMITS } from '../../../../lib/limits.js';
import { promptDialog } from '../../../../components/ConfirmDialog/index.js';
import { checkImage, IMAGE_ACCEPT, useUploadImage } from '../../../uploads/index.js';
import { imageFiles, insertImage } from './imageInsert.js';

interface Props {
  /** Initial HTML (sanitised by the server when it comes from a saved essay). */
  value: string;
  onChange: (html: string, textLength: number) => void;
  placeholder?: string;
  'aria-label'?: string;
}

const HTTP_URL = /https?:\/\/[^\s<>"']+/;

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        className={active ? 'rte-tool is-active' : 'rte-tool'}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

async function editLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const r = await promptDialog({
    title: '插入链接',
    label: '链接地址',
    placeholder: 'https://',
    defaultValue: current,
    pattern: HTTP_URL,
    errorText: '请输入以 http:// 或 https:// 开头的地址',
    okText: '确定',
    cancelText: '取消',
    maxLength: 500,
  });
  if (r.action !== 'confirm') return;
  const chain = editor.chain().focus().extendMarkRange('link');
  if (!r.value) chain.unsetLink().run();
  else chain.setLink({ href: r.value }).run();
}

/**
 * Uploads image files one after another and puts each into the editor as it arrives, with the caret below it: the
 * first at `at` when given (where the files were dropped, followed through the writer's edits meanwhile), the
 * others each below the one before. Answers whether uploads are under way, for the toolbar.
 */
function useImageUploads(): [uploading: boolean, insertFiles: (editor: Editor, files: File[], at?: number) => Promise<void>] {
  const [pending, setPending] = useState(0);
  const uploadImage = useUploadImage();
  const insertFiles = async (editor: Editor, files: File[], at?: number) => {
    let point = at;
    const follow = ({ transaction }: { transaction: { mapping: { map: (pos: number) => number } } }) => {
      if (point !== undefined) point = transaction.mapping.map(point);
    };
    editor.on('transaction', follow);
    setPending((n) => n + 1);
    try {
      for (const file of files) {
        const problem = checkImage(file);
        if (problem) {
          toastError(`图片上传失败：${problem}`);
          continue;
        }
        try {
          const img = await uploadImage.mutateAsync(file);
          if (editor.isDestroyed) return;
          const node = editor.schema.nodes.image!.create({ src: img.url, alt: '文章配图' });
          editor
            .chain()
            .focus()
            .command(({ tr }) => insertImage(tr, node, point))
            .run();
          point = undefined;
        } catch (e) {
          toastError(`图片上传失败：${(e as Error).message}`);
        }
      }
    } finally {
      editor.off('transaction', follow);
      setPending((n) => n - 1);
    }
  };
  return [pending > 0, insertFiles];
}

function Toolbar({ editor, uploading, onImage }: { editor: Editor; uploading: boolean; onImage: (file: File) => Promise<void> }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      quote: e.isActive('blockquote'),
      ul: e.isActive('bulletList'),
      ol: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (fn: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => fn(editor.chain().focus()).run();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      await onImage(file);
    } finally {
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="rte-toolbar" role="toolbar" aria-label="格式">
      <ToolButton label="大标题" active={s.h2} onClick={run((c) => c.toggleHeading({ level: 2 }))}>
        H2
      </ToolButton>
      <ToolButton label="小标题" active={s.h3} onClick={run((c) => c.toggleHeading({ level: 3 }))}>
        H3
      </ToolButton>
      <span className="rte-sep" />
      <ToolButton label="加粗" active={s.bold} onClick={run((c) => c.toggleBold())}>
        <BoldOutlined aria-hidden />
      </ToolButton>
      <ToolButton label="斜体" active={s.italic} onClick={run((c) => c.toggleItalic())}>
        <ItalicOutlined aria-hidden />
      </ToolButton>
      <ToolButton label="下划线" active={s.underline} onClick={run((c) => c.toggleUnderline())}>
        <UnderlineOutlined aria-hidden />
      </ToolButton>
      <ToolButton label="删除线" active={s.strike} onClick={run((c) => c.toggleStrike())}>
        <StrikethroughOutlined aria-hidden />
      </ToolButton>
      <span className="rte-sep" />
      <ToolButton label="引用" active={s.quote} onClick={run((c) => c.toggleBlockquote())}>
        <span className="rte-quote-icon">❝</span>
      </ToolButton>
      <ToolButton label="无序列表" active={s.ul} onClick={run((c) => c.toggleBulletList())}>
        <UnorderedListOutlined aria-hidden />
      </ToolButton>
      <ToolButton label="有序列表" active={s.ol} onClick={run((c) => c.toggleOrderedList())}>
        <OrderedListOutlined aria-hidden />
      </ToolButton>
      <ToolButton label="分隔线" onClick={run((c) => c.setHorizontalRule())}>
        <LineOutlined aria-hidden />
      </ToolButton>
      <span className="rte-sep" />
      <ToolButton label="链接" active={s.link} onClick={() => void editLink(editor)}>
        <LinkOutlined aria-hidden />
      </ToolButton>
      <ToolButton label={uploading ? '图片上传中…' : '插入图片'} disabled={uploading} onClick={() => fileInput.current?.click()}>
        <PictureOutlined aria-hidden />
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        data-testid="rte-image-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <span className="rte-sep" />
      <ToolButton label="撤销" disabled={!s.canUndo} onClick={run((c) => c.undo())}>
        <UndoOutlined aria-hidden />
      </ToolButton>
      <ToolButton label="重做" disabled={!s.canRedo} onClick={run((c) => c.redo())}>
        <RedoOutlined aria-hidden />
      </ToolButton>
    </div>
  );
}

/**
 * The essay editor (tiptap): headings, bold, italic, underline, strike, quote, lists, rule, links and images
 * uploaded through /api/v1/files (from the toolbar, pasted or dropped). It produces HTML within the server's
 * allowlist; the server sanitises anyway.
 */
export function RichTextEditor({ value, onChange, placeholder = '从这里开始写…', 'aria-label': ariaLabel = '正文' }: Props) {
  const [uploading, insertFiles] = useImageUploads();
  // The editor keeps the props it was made with; its paste and drop handlers reach the current uploader here.
  const upload = useRef<(files: File[], at?: number) => void>(() => undefined);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https'],
          HTMLAttributes: { rel: 'noopener nofollow', target: '_blank' },
        },
      }),
      Image.configure({ inline: false }),
      Placeholder.configure({ placeholder }),
      CharacterCount.configure({ limit: LIMITS.essayContentChars }),
    ],
    content: value,
    editorProps: {
      attributes: { class: 'rte-content rich-text serif', 'aria-label': ariaLabel, 'aria-multiline': 'true', role: 'textbox' },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData, { textWins: true });
        if (!files.length) return false;
        upload.current(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer);
        if (!files.length) return false;
        upload.current(files, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML(), e.storage.characterCount.characters()),
  });
  const count = useEditorState({ editor, selector: ({ editor: e }) => e?.storage.characterCount.characters() ?? 0 });

  if (!editor) return null;
  upload.current = (files, at) => void insertFiles(editor, files, at);
  return (
    <div className="rte">
      <Toolbar editor={editor} uploading={uploading} onImage={(file) => insertFiles(editor, [file])} />
      <EditorContent editor={editor} />
      <div className={count >= LIMITS.essayContentChars ? 'rte-count is-full' : 'rte-count'} aria-live="polite">
        {count} / {LIMITS.essayContentChars} 字
      </div>
    </div>
  );
}
