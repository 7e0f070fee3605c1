import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The pad's height in CSS pixels; its width is the container's. */
export const PAD_HEIGHT = 160;
/** Bitmap pixels per CSS pixel at most: sharp on phones, small enough for the server's size limit. */
const MAX_RATIO = 2;
const LINE_WIDTH = 2.5;
const INK = '#10224a';

interface Point {
  x: number;
  y: number;
}

function pen(ctx: CanvasRenderingContext2D) {
  ctx.lineWidth = LINE_WIDTH;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
}

/**
 * A drawn signature: a canvas the resident signs on with a mouse, a finger or a pen (pointer events; the page does
 * not scroll or zoom while drawing on it), and a button that clears it. After each stroke `onChange` receives the
 * drawing as a PNG data URL; null once cleared. The bitmap follows the pad's width (a rotated phone keeps what was
 * drawn).
 */
export function SignaturePad({
  onChange,
  error,
  disabled = false,
}: {
  onChange: (signature: string | null) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ pointer: number; last: Point } | null>(null);
  const drawn = useRef(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_RATIO);
      const width = Math.round(canvas.clientWidth * ratio);
      const height = Math.round(PAD_HEIGHT * ratio);
      if (!width || (canvas.width === width && canvas.height === height)) return;
      // Resizing the bitmap wipes it: keep a copy of what was drawn and put it back at the same place (the signature
      // already handed to onChange stays as it was drawn).
      let copy: HTMLCanvasElement | null = null;
      if (drawn.current && canvas.width && canvas.height) {
        copy = document.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        copy.getContext('2d')?.drawImage(canvas, 0, 0);
      }
      canvas.width = width;
      canvas.height = height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return;
      if (copy) ctx.drawImage(copy, 0, 0);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      pen(ctx);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  const at = (canvas: HTMLCanvasElement, e: { clientX: number; clientY: number }): Point => {
    const rect = canvas.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || stroke.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
    const canvas = e.currentTarget;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    e.preventDefault();
    canvas.setPointerCapture?.(e.pointerId);
    const p = at(canvas, e);
    stroke.current = { pointer: e.pointerId, last: p };
    // A tap leaves a dot.
    ctx.beginPath();
    ctx.arc(p.x, p.y, LINE_WIDTH / 2, 0, Math.PI * 2);
    ctx.fill();
  };

  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.pointer !== e.pointerId) return;
    const canvas = e.currentTarget;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    // Fast strokes: the browser groups several positions in one event.
    const events = e.nativeEvent.getCoalescedEvents?.() ?? [];
    const points = (events.length ? events : [e]).map((ev) => at(canvas, ev));
    ctx.beginPath();
    ctx.moveTo(current.last.x, current.last.y);
    for (const p of points) ctx.lineTo(p.x, p.y);
    ctx.stroke();
    current.last = points[points.length - 1] ?? current.last;
  };

  const up = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!stroke.current || stroke.current.pointer !== e.pointerId) return;
    stroke.current = null;
    drawn.current = true;
    setEmpty(false);
    onChange(e.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (canvas && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.restore();
    }
    stroke.current = null;
    drawn.current = false;
    setEmpty(true);
    onChange(null);
  };

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography id={labelId} component="p" variant="subtitle2">
          {t('register.signature.label')}
        </Typography>
        <Button size="small" onClick={clear} disabled={disabled || empty}>
          {t('register.signature.clear')}
        </Button>
      </Stack>
      <Box
        sx={{
          position: 'relative',
          border: 1,
          borderStyle: 'dashed',
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
          overflow: 'hidden',
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onLostPointerCapture={up}
          sx={{
            display: 'block',
            width: '100%',
            height: PAD_HEIGHT,
            touchAction: 'none',
            userSelect: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
          }}
        />
        {empty && (
          <Typography
            aria-hidden="true"
            color="text.disabled"
            sx={{
              position: 'absolute',
              left: 16,
              right: 16,
              bottom: 12,
              borderTop: 1,
              borderColor: 'divider',
              pt: 0.5,
              fontSize: 13,
              pointerEvents: 'none',
            }}
          >
            {t('register.signature.placeholder')}
          </Typography>
        )}
      </Box>
      <FormHelperText id={hintId}>{t('register.signature.hint')}</FormHelperText>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
