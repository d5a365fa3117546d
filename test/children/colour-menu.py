# A menu whose selection is drawn in colour only: the current option in reverse video (or on a background), no
# marker glyph, as some TUIs draw it. Raw mode; arrows move, Enter picks, q quits. argv[1]: reverse | background | none.
import sys, termios, tty

style = sys.argv[1] if len(sys.argv) > 1 else 'reverse'
on = {'reverse': '\x1b[7m', 'background': '\x1b[44m', 'none': ''}[style]
options = ['staging', 'production', 'a local sandbox']
fd = sys.stdin.fileno()
saved = termios.tcgetattr(fd)
tty.setraw(fd)
current = 0


def draw():
    out = ['\x1b[H\x1b[2J', 'Deploying the web service.\r\n\r\n', 'Which environment should it go to?\r\n']
    for i, option in enumerate(options):
        text = f'   {option}   '
        out.append(f'  {on}{text}\x1b[0m\r\n' if i == current else f'  {text}\r\n')
    sys.stdout.write(''.join(out))
    sys.stdout.flush()


try:
    draw()
    while True:
        key = sys.stdin.read(1)
        if key in ('q', '\r'):
            break
        if key == '\x1b':
            sys.stdin.read(2)
            current = (current + 1) % len(options)
            draw()
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    sys.stdout.write('\x1b[2J\x1b[Hpicked ' + options[current] + '\r\n')
