import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CameraIcon, MinusIcon, PlusIcon } from '../../../components/ui/more-icons.tsx';
import { Img } from '../../../components/ui/img.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import type { SessionUser } from '../../../lib/session.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import {
  AVATAR_CANVAS,
  clampZoom,
  coverPlacement,
  ZOOM_BUTTON_STEP,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_STEP,
  type Offset,
} from '../photo-placement.ts';

/** Arrow keys move the picture by this many canvas pixels. */
const KEY_PAN = 10;

/** SPEC §2 'photo': choose a picture, zoom and drag it into the circle, save it as the avatar. */
export function PhotoEditor({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const errorText = useErrorMessage();
  const upload = useUploadAvatar();
  const fileInput = useRef<HTMLInputElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<{ pointerX: number; pointerY: number; start: Offset } | null>(null);
  const [picture, setPicture] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const [unreadable, setUnreadable] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || !picture) return;
    const placement = coverPlacement(picture.naturalWidth, picture.naturalHeight, zoom, offset);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, AVATAR_CANVAS, AVATAR_CANVAS);
    context.drawImage(picture, placement.left, placement.top, placement.width, placement.height);
  }, [picture, zoom, offset]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setSaved(false);
    upload.reset();
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      setUnreadable(false);
      setPicture(image);
      setZoom(ZOOM_MIN);
      setOffset({ x: 0, y: 0 });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      setUnreadable(true);
      setPicture(null);
    };
    image.src = url;
  };

  const moveBy = (dx: number, dy: number, from: Offset = offset) => {
    if (!picture) return;
    const next = { x: from.x + dx, y: from.y + dy };
    setOffset(coverPlacement(picture.naturalWidth, picture.naturalHeight, zoom, next).offset);
  };

  const canvasScale = () => AVATAR_CANVAS / (canvas.current?.getBoundingClientRect().width || AVATAR_CANVAS);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerX: event.clientX, pointerY: event.clientY, start: offset };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = drag.current;
    if (!start) return;
    const scale = canvasScale();
    moveBy((event.clientX - start.pointerX) * scale, (event.clientY - start.pointerY) * scale, start.start);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_PAN, 0],
      ArrowRight: [KEY_PAN, 0],
      ArrowUp: [0, -KEY_PAN],
      ArrowDown: [0, KEY_PAN],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveBy(move[0], move[1]);
  };

  const save = () =>
    canvas.current?.toBlob(
      (blob) => {
        if (!blob) return;
        upload.mutate(blob, {
          onSuccess: () => {
            setSaved(true);
            setPicture(null);
          },
        });
      },
      'image/jpeg',
      0.9,
    );

  return (
    <div className="photo-editor">
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="visually-hidden"
        tabIndex={-1}
        aria-label={t('dashboard.photo.choose')}
        data-testid="photo-file"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {picture ? (
        <>
          <canvas
            ref={canvas}
            className="photo-editor__canvas"
            width={AVATAR_CANVAS}
            height={AVATAR_CANVAS}
            tabIndex={0}
            role="img"
            aria-label={t('dashboard.photo.position')}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onKeyDown}
          />
          <p className="photo-editor__hint">{t('dashboard.photo.position')}</p>
          <div className="photo-editor__zoom">
            <Button
              variant="ghost"
              size="sm"
              icon={<MinusIcon />}
              aria-label={t('dashboard.photo.zoomOut')}
              disabled={zoom <= ZOOM_MIN}
              onClick={() => setZoom((value) => clampZoom(value - ZOOM_BUTTON_STEP))}
            />
            <input
              type="range"
              className="photo-editor__slider"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={ZOOM_STEP}
              value={zoom}
              aria-label={t('dashboard.photo.zoom')}
              onChange={(event) => setZoom(clampZoom(Number(event.target.value)))}
            />
            <Button
              variant="ghost"
              size="sm"
              icon={<PlusIcon />}
              aria-label={t('dashboard.photo.zoomIn')}
              disabled={zoom >= ZOOM_MAX}
              onClick={() => setZoom((value) => clampZoom(value + ZOOM_BUTTON_STEP))}
            />
          </div>
          {upload.isError ? <Alert>{errorText(upload.error)}</Alert> : null}
          <div className="photo-editor__actions">
            <Button variant="secondary" onClick={() => setPicture(null)} disabled={upload.isPending}>
              {t('common.cancel')}
            </Button>
            <Button loading={upload.isPending} loadingLabel={t('common.loading')} onClick={save}>
              {t('dashboard.photo.save')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <span className="photo-editor__current" aria-hidden="true">
            {user.avatar ? (
              <Img src={user.avatar} alt="" className="avatar__image" />
            ) : (
              (Array.from(user.name.trim())[0] ?? '?').toUpperCase()
            )}
          </span>
          <p className="photo-editor__text">{t('dashboard.photo.text')}</p>
          {unreadable ? <Alert>{t('dashboard.photo.unreadable')}</Alert> : null}
          {saved ? <Alert tone="success">{t('dashboard.general.saved')}</Alert> : null}
          <Button icon={<CameraIcon />} onClick={() => fileInput.current?.click()}>
            {user.avatar ? t('dashboard.photo.change') : t('dashboard.photo.choose')}
          </Button>
        </>
      )}
    </div>
  );
}
