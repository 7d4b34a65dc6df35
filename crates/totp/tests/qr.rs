//! The QR images, read back from the SVG by a small reader written from ISO/IEC 18004:
//! no image decoder dependency, and no trust in the encoder's own tables. The reader handles
//! what an undamaged, error-correction-level-M code holds (no error correction is run), in
//! numeric, alphanumeric and byte segments.

use totp::{Secret, otpauth_uri, qr_svg};

/// The module grid drawn by `qr_svg`, quiet zone included: `grid[y][x]` is dark.
fn modules(svg: &str) -> Vec<Vec<bool>> {
    let view_box = between(svg, r#"viewBox="0 0 "#, r#"""#);
    let (width, height) = view_box.split_once(' ').expect("viewBox width and height");
    let size: usize = width.parse().expect("width");
    assert_eq!(height.parse::<usize>().expect("height"), size);
    assert_eq!(
        between(svg, r#"width=""#, r#"""#),
        (size * 4).to_string(),
        "4 px per module"
    );
    assert!(svg.contains(&format!(
        r##"<rect width="{size}" height="{size}" fill="#fff"/>"##
    )));
    let mut grid = vec![vec![false; size]; size];
    let path = between(svg, r##"<path fill="#000" d=""##, r#"""#);
    // Each run is `M{x} {y}h{n}v1h-{n}z`.
    for run in path.split('z').filter(|r| !r.is_empty()) {
        let run = run.strip_prefix('M').expect("run starts with M");
        let (x, rest) = run.split_once(' ').expect("x");
        let (y, rest) = rest.split_once('h').expect("y");
        let (n, rest) = rest.split_once("v1h-").expect("n");
        assert_eq!(n, rest, "a run closes on itself");
        let (x, y, n): (usize, usize, usize) =
            (x.parse().unwrap(), y.parse().unwrap(), n.parse().unwrap());
        for cell in &mut grid[y][x..x + n] {
            assert!(!*cell, "runs do not overlap");
            *cell = true;
        }
    }
    grid
}

fn between<'a>(text: &'a str, start: &str, end: &str) -> &'a str {
    let from = text
        .find(start)
        .unwrap_or_else(|| panic!("{start} missing"))
        + start.len();
    let len = text[from..].find(end).expect("closing");
    &text[from..from + len]
}

/// Error-correction codewords per block and blocks, at level M, versions 1 to 40.
const ECC_PER_BLOCK_M: [usize; 40] = [
    10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];
const BLOCKS_M: [usize; 40] = [
    1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
    26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

/// What a reader finds in a code.
#[derive(Debug)]
struct Read {
    version: usize,
    text: Vec<u8>,
}

/// A symbol without its quiet zone: `dark(x, y)`.
struct Symbol {
    size: usize,
    version: usize,
    grid: Vec<Vec<bool>>,
}

impl Symbol {
    /// Checks and strips the 4-module quiet zone.
    fn new(grid: &[Vec<bool>]) -> Symbol {
        let total = grid.len();
        for (y, row) in grid.iter().enumerate() {
            for (x, &dark) in row.iter().enumerate() {
                let in_zone = x < 4 || y < 4 || x >= total - 4 || y >= total - 4;
                assert!(!(in_zone && dark), "quiet zone dark at ({x}, {y})");
            }
        }
        let size = total - 8;
        assert_eq!((size - 17) % 4, 0, "size {size} is 17 + 4 × version");
        Symbol {
            size,
            version: (size - 17) / 4,
            grid: grid[4..total - 4]
                .iter()
                .map(|row| row[4..total - 4].to_vec())
                .collect(),
        }
    }

    fn dark(&self, x: usize, y: usize) -> bool {
        self.grid[y][x]
    }

    /// Checks that a square pattern centred on (cx, cy) is dark exactly on the rings whose
    /// Chebyshev distance from the centre `dark_at` accepts.
    fn check_square(&self, cx: usize, cy: usize, radius: usize, dark_at: fn(usize) -> bool) {
        for y in cy - radius..=cy + radius {
            for x in cx - radius..=cx + radius {
                let ring = x.abs_diff(cx).max(y.abs_diff(cy));
                assert_eq!(self.dark(x, y), dark_at(ring), "pattern at ({cx}, {cy})");
            }
        }
    }

    /// Alignment pattern centres, including those the finders cover.
    fn alignment_positions(&self) -> Vec<usize> {
        if self.version == 1 {
            return Vec::new();
        }
        let count = self.version / 7 + 2;
        let step = (self.version * 8 + count * 3 + 5) / (count * 4 - 4) * 2;
        let mut positions: Vec<usize> = (0..count - 1).map(|i| self.size - 7 - i * step).collect();
        positions.push(6);
        positions.reverse();
        positions
    }

    /// Alignment pattern centres, without those the finders cover.
    fn alignment_centres(&self) -> Vec<(usize, usize)> {
        let positions = self.alignment_positions();
        let (first, last) = (6, self.size - 7);
        let mut centres = Vec::new();
        for &y in &positions {
            for &x in &positions {
                let on_finder = [(first, first), (last, first), (first, last)].contains(&(x, y));
                if !on_finder {
                    centres.push((x, y));
                }
            }
        }
        centres
    }

    /// Checks finder, timing and alignment patterns.
    fn check_patterns(&self) {
        let size = self.size;
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            self.check_square(cx, cy, 3, |ring| ring != 2);
        }
        for i in 8..size - 8 {
            assert_eq!(self.dark(i, 6), i % 2 == 0, "horizontal timing");
            assert_eq!(self.dark(6, i), i % 2 == 0, "vertical timing");
        }
        for (cx, cy) in self.alignment_centres() {
            self.check_square(cx, cy, 2, |ring| ring != 1);
        }
        assert!(self.dark(8, size - 8), "the dark module");
    }

    /// The mask pattern, from the format information (both copies, bit i as in ISO/IEC
    /// 18004's figure 25), after checking level M and the BCH code.
    fn mask(&self) -> usize {
        let size = self.size;
        let bit = |dark: bool, i: usize| usize::from(dark) << i;
        let mut first = 0;
        for i in 0..=5 {
            first |= bit(self.dark(8, i), i);
        }
        first |= bit(self.dark(8, 7), 6) | bit(self.dark(8, 8), 7) | bit(self.dark(7, 8), 8);
        for i in 9..15 {
            first |= bit(self.dark(14 - i, 8), i);
        }
        let mut second = 0;
        for i in 0..8 {
            second |= bit(self.dark(size - 1 - i, 8), i);
        }
        for i in 8..15 {
            second |= bit(self.dark(8, size - 15 + i), i);
        }
        assert_eq!(first, second, "the two format copies agree");
        let format = first ^ 0x5412;
        assert_eq!(format >> 13, 0b00, "error-correction level M");
        // The 15 bits are a multiple of the generator 0x537.
        let mut remainder = format;
        for shift in (0..5).rev() {
            if remainder & (1 << (shift + 10)) != 0 {
                remainder ^= 0x537 << shift;
            }
        }
        assert_eq!(remainder, 0, "format BCH code");
        (format >> 10) & 0b111
    }

    /// Which modules are function patterns (finders with separators and format areas, timing,
    /// alignment, version information) rather than data.
    fn function_modules(&self) -> Vec<Vec<bool>> {
        let size = self.size;
        let mut function = vec![vec![false; size]; size];
        let mut area = |x0: usize, y0: usize, w: usize, h: usize| {
            for row in &mut function[y0..y0 + h] {
                for cell in &mut row[x0..x0 + w] {
                    *cell = true;
                }
            }
        };
        area(0, 0, 9, 9);
        area(size - 8, 0, 8, 9);
        area(0, size - 8, 9, 8);
        area(0, 6, size, 1);
        area(6, 0, 1, size);
        for (cx, cy) in self.alignment_centres() {
            area(cx - 2, cy - 2, 5, 5);
        }
        if self.version >= 7 {
            area(size - 11, 0, 3, 6);
            area(0, size - 11, 6, 3);
        }
        function
    }

    /// The codewords: two-module columns from the right, alternately up and down, unmasked.
    fn codewords(&self) -> Vec<u8> {
        let size = self.size;
        let mask = self.mask();
        let function = self.function_modules();
        let masked = |x: usize, y: usize| match mask {
            0 => (x + y) % 2 == 0,
            1 => y % 2 == 0,
            2 => x % 3 == 0,
            3 => (x + y) % 3 == 0,
            4 => (x / 3 + y / 2) % 2 == 0,
            5 => x * y % 2 + x * y % 3 == 0,
            6 => (x * y % 2 + x * y % 3) % 2 == 0,
            _ => ((x + y) % 2 + x * y % 3) % 2 == 0,
        };
        let mut bits = Vec::new();
        let mut right = size - 1;
        loop {
            if right == 6 {
                right = 5;
            }
            let upward = (right + 1) & 2 == 0;
            for vert in 0..size {
                let y = if upward { size - 1 - vert } else { vert };
                for x in [right, right - 1] {
                    if !function[y][x] {
                        bits.push(self.dark(x, y) ^ masked(x, y));
                    }
                }
            }
            if right < 2 {
                break;
            }
            right -= 2;
        }
        bits.chunks_exact(8)
            .map(|byte| byte.iter().fold(0, |acc, &b| (acc << 1) | u8::from(b)))
            .collect()
    }

    /// The data codewords, de-interleaved: short blocks first, long blocks one longer.
    fn data(&self) -> Vec<u8> {
        let codewords = self.codewords();
        let blocks = BLOCKS_M[self.version - 1];
        let ecc = ECC_PER_BLOCK_M[self.version - 1];
        let short_len = codewords.len() / blocks - ecc;
        let long_blocks = codewords.len() % blocks;
        let data_len = |b: usize| short_len + usize::from(b >= blocks - long_blocks);
        let mut data = vec![Vec::new(); blocks];
        let mut next = codewords.iter();
        for i in 0..=short_len {
            for (b, block) in data.iter_mut().enumerate() {
                if i < data_len(b) {
                    block.push(*next.next().expect("codeword"));
                }
            }
        }
        data.concat()
    }
}

/// Reads a code from its grid (quiet zone included).
fn read(grid: &[Vec<bool>]) -> Read {
    let symbol = Symbol::new(grid);
    symbol.check_patterns();
    Read {
        version: symbol.version,
        text: segments(&symbol.data(), symbol.version),
    }
}

/// Decodes the segments of the data codewords.
fn segments(data: &[u8], version: usize) -> Vec<u8> {
    const ALPHANUMERIC: &[u8; 45] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
    let bits: Vec<bool> = data
        .iter()
        .flat_map(|&byte| (0..8).rev().map(move |i| byte >> i & 1 == 1))
        .collect();
    let pos = std::cell::Cell::new(0);
    let take = |n: usize| {
        let start = pos.replace(pos.get() + n);
        bits[start..start + n]
            .iter()
            .fold(0usize, |acc, &b| (acc << 1) | usize::from(b))
    };
    let class = usize::from(version >= 10) + usize::from(version >= 27);
    let mut text = Vec::new();
    loop {
        if bits.len() - pos.get() < 4 {
            break;
        }
        match take(4) {
            0 => break,
            0b0001 => {
                let mut count = take([10, 12, 14][class]);
                while count > 0 {
                    let digits = count.min(3);
                    let value = take([0, 4, 7, 10][digits]);
                    let s = format!("{value:0digits$}");
                    text.extend_from_slice(s.as_bytes());
                    count -= digits;
                }
            }
            0b0010 => {
                let mut count = take([9, 11, 13][class]);
                while count >= 2 {
                    let value = take(11);
                    text.push(ALPHANUMERIC[value / 45]);
                    text.push(ALPHANUMERIC[value % 45]);
                    count -= 2;
                }
                if count == 1 {
                    text.push(ALPHANUMERIC[take(6)]);
                }
            }
            0b0100 => {
                let count = take([8, 16, 16][class]);
                for _ in 0..count {
                    text.push(u8::try_from(take(8)).unwrap());
                }
            }
            mode => panic!("unexpected mode {mode:04b}"),
        }
    }
    text
}

fn read_svg(text: &str) -> Read {
    read(&modules(&qr_svg(text)))
}

fn binding_uri() -> String {
    otpauth_uri(
        &Secret::from_bytes(*b"12345678901234567890"),
        "fiscard",
        "jane.doe+card@example.com",
    )
}

#[test]
fn qr_svg_is_an_svg_document_with_a_view_box() {
    let svg = qr_svg(&binding_uri());
    assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" "#));
    assert!(svg.contains(r#" viewBox="0 0 "#));
    assert!(svg.ends_with("</svg>"));
}

#[test]
fn qr_svg_of_the_binding_uri_reads_back_as_the_uri() {
    let uri = binding_uri();
    let read = read_svg(&uri);
    assert_eq!(String::from_utf8(read.text).unwrap(), uri);
    // 141 bytes at level M: version 8 (up to 152 bytes; 49 × 49 modules, 57 with the
    // quiet zone), drawn at 4 px a module.
    assert_eq!(uri.len(), 141);
    assert_eq!(read.version, 8);
    assert_eq!(modules(&qr_svg(&uri)).len(), 57);
    assert!(qr_svg(&uri).contains(r#"width="228" height="228" viewBox="0 0 57 57""#));
}

#[test]
fn qr_svg_reads_back_for_numeric_alphanumeric_byte_and_long_texts() {
    let long_email = format!("{}@example.com", "a".repeat(64));
    let long_uri = otpauth_uri(&Secret::from_bytes([0xA5; 20]), "fiscard", &long_email);
    let texts = [
        "1".to_string(),
        "0123456789".to_string(),
        "HELLO WORLD".to_string(),
        "hello, world".to_string(),
        "üñíçødé ✓".to_string(),
        long_uri,
        "x".repeat(600),
    ];
    let mut versions = Vec::new();
    for text in &texts {
        let read = read_svg(text);
        assert_eq!(String::from_utf8(read.text).unwrap(), *text);
        versions.push(read.version);
    }
    // The smallest versions at level M: 19 UTF-8 bytes overflow version 1 (14 bytes), the
    // 190-byte URI needs version 10 (213), 600 bytes version 19 (614).
    assert_eq!(versions, [1, 1, 1, 1, 2, 10, 19]);
}

#[test]
fn different_texts_give_different_images() {
    let a = otpauth_uri(&Secret::from_bytes([1; 20]), "fiscard", "a@example.com");
    let b = otpauth_uri(&Secret::from_bytes([2; 20]), "fiscard", "a@example.com");
    assert_ne!(qr_svg(&a), qr_svg(&b));
    assert_eq!(qr_svg(&a), qr_svg(&a), "deterministic");
}
