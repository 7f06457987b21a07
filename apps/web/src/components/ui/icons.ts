/**
 * The icons of the reading pages and the shell, as shape data (see Icon.tsx). Pages built on antd keep using
 * @ant-design/icons; these are the same glyphs.
 */
export { default as BellOutlined } from '@ant-design/icons-svg/es/asn/BellOutlined';
export { default as CheckOutlined } from '@ant-design/icons-svg/es/asn/CheckOutlined';
export { default as CommentOutlined } from '@ant-design/icons-svg/es/asn/CommentOutlined';
export { default as DeleteOutlined } from '@ant-design/icons-svg/es/asn/DeleteOutlined';
export { default as DownOutlined } from '@ant-design/icons-svg/es/asn/DownOutlined';
export { default as ExclamationCircleFilled } from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
export { default as WarningFilled } from '@ant-design/icons-svg/es/asn/WarningFilled';
export { default as EditOutlined } from '@ant-design/icons-svg/es/asn/EditOutlined';
export { default as EyeInvisibleOutlined } from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
export { default as EyeOutlined } from '@ant-design/icons-svg/es/asn/EyeOutlined';
export { default as FontSizeOutlined } from '@ant-design/icons-svg/es/asn/FontSizeOutlined';
export { default as FlagOutlined } from '@ant-design/icons-svg/es/asn/FlagOutlined';
export { default as HeartFilled } from '@ant-design/icons-svg/es/asn/HeartFilled';
export { default as HeartOutlined } from '@ant-design/icons-svg/es/asn/HeartOutlined';
export { default as LeftOutlined } from '@ant-design/icons-svg/es/asn/LeftOutlined';
export { default as LikeFilled } from '@ant-design/icons-svg/es/asn/LikeFilled';
export { default as LikeOutlined } from '@ant-design/icons-svg/es/asn/LikeOutlined';
export { default as LinkOutlined } from '@ant-design/icons-svg/es/asn/LinkOutlined';
export { default as LoadingOutlined } from '@ant-design/icons-svg/es/asn/LoadingOutlined';
export { default as MenuOutlined } from '@ant-design/icons-svg/es/asn/MenuOutlined';
export { default as PictureOutlined } from '@ant-design/icons-svg/es/asn/PictureOutlined';
export { default as PlusOutlined } from '@ant-design/icons-svg/es/asn/PlusOutlined';
export { default as ReloadOutlined } from '@ant-design/icons-svg/es/asn/ReloadOutlined';
export { default as RightOutlined } from '@ant-design/icons-svg/es/asn/RightOutlined';
export { default as SearchOutlined } from '@ant-design/icons-svg/es/asn/SearchOutlined';
export { default as StarFilled } from '@ant-design/icons-svg/es/asn/StarFilled';
export { default as StarOutlined } from '@ant-design/icons-svg/es/asn/StarOutlined';
export { default as CloseOutlined } from '@ant-design/icons-svg/es/asn/CloseOutlined';
export { default as AppstoreOutlined } from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
export { default as HomeOutlined } from '@ant-design/icons-svg/es/asn/HomeOutlined';
export { default as UserOutlined } from '@ant-design/icons-svg/es/asn/UserOutlined';
export { default as CloseCircleFilled } from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
export { default as CrownFilled } from '@ant-design/icons-svg/es/asn/CrownFilled';
export { default as LockOutlined } from '@ant-design/icons-svg/es/asn/LockOutlined';
export { default as StopOutlined } from '@ant-design/icons-svg/es/asn/StopOutlined';
export { default as SwapOutlined } from '@ant-design/icons-svg/es/asn/SwapOutlined';
export { default as CalendarOutlined } from '@ant-design/icons-svg/es/asn/CalendarOutlined';
export { default as OrderedListOutlined } from '@ant-design/icons-svg/es/asn/OrderedListOutlined';
export { default as EllipsisOutlined } from '@ant-design/icons-svg/es/asn/EllipsisOutlined';
