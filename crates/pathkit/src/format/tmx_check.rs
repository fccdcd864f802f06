//! Checks and completes TMX/TSX text before the `tiled` crate parses it.
//!
//! `tiled` 0.16 needs two things it does not check for itself:
//! - a `tilecount` attribute on every tileset (added in Tiled 0.13). Older files have none; the
//!   count follows from the tileset image and tile sizes, so it is filled in here.
//! - tile data as long as the layer. Shorter data makes `tiled` index out of bounds later, and a
//!   huge `tilecount` makes it reserve memory for that many tiles up front. Both are refused here.
//! - a tileset without a `columns` attribute whose image, margin, spacing and tile width give a
//!   column count: `tiled` computes `(image width - margin + spacing) / (tile width + spacing)` in
//!   `u32`, which overflows (a panic in debug builds) when the margin is wider than the image or
//!   the sums pass `u32::MAX`. Such tilesets are refused here.
//!
//! The same XML reader `tiled` uses walks the text, so both see the same elements and text.

use super::error::Position;
use super::text;
use super::tiled::{check_grid_size, TiledMap};
use super::tiled_error::{TiledError, TiledFeature, TiledQuantity, TmxProblem};
use base64::Engine;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;
use std::io::Read;

/// The most tiles a tileset may declare; real tilesets have a few thousand at most.
pub(crate) const MAX_TILESET_TILES: u64 = 1 << 20;

/// The checked text, with missing tile counts filled in.
pub(crate) struct Checked {
    /// The text to give `tiled`.
    pub bytes: Vec<u8>,
    /// `firstgid` of each tileset of the root map, in document order (empty for a TSX file).
    pub first_gids: Vec<u32>,
}

/// A tileset (not a reference to a TSX file) waiting for its image size: to fill in a missing
/// `tilecount`, and to check that `tiled` can compute its columns.
struct OpenTileset {
    depth: usize,
    insert_at: usize,
    /// `tilecount` is missing: fill it in.
    count_missing: bool,
    /// `columns` is given, so `tiled` does not compute it.
    columns_given: bool,
    tile_width: u32,
    tile_height: u32,
    spacing: u32,
    margin: u32,
    image: Option<(u32, u32)>,
    /// The width of the last `<image>`, as `tiled` reads it (`i32`).
    image_width: Option<i32>,
    tiles: u64,
}

/// A `<data>` element of a tile layer, waiting for its text.
struct OpenData {
    depth: usize,
    position: usize,
    expected: Option<u64>,
    encoding: Option<String>,
    compression: Option<String>,
    seen_text: bool,
}

/// Checks `xml` (a map or an external tileset) and fills in missing tile counts.
pub(crate) fn check(xml: &[u8]) -> Result<Checked, TiledError> {
    let mut reader = Reader::from_reader(xml);
    // Open elements: name and the offset of their `<`.
    let mut stack: Vec<(Vec<u8>, usize)> = Vec::new();
    let mut inserts: Vec<(usize, u64)> = Vec::new();
    let mut first_gids = Vec::new();
    // Open elements by depth: elements of the same kind may nest (`tiled` skips the inner ones).
    let mut tilesets: Vec<OpenTileset> = Vec::new();
    let mut datas: Vec<OpenData> = Vec::new();
    let mut layers: Vec<(usize, Option<u64>)> = Vec::new();
    let mut layer_tiles: u64 = 0;
    loop {
        let at = reader.buffer_position();
        let event = reader.read_event().map_err(|e| xml_error(xml, at, e))?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let name = e.local_name().as_ref().to_vec();
                let parent = stack.last().map(|(name, _)| name.as_slice());
                match name.as_slice() {
                    b"map" if parent.is_none() => check_map(xml, at, e)?,
                    b"tileset" => {
                        // `tiled` reads the tilesets of the root map only: those of a map
                        // nested in an element it skips are no part of it.
                        if stack.len() == 1 && parent == Some(b"map") {
                            let gid = attr(xml, at, e, b"firstgid")?;
                            first_gids.push(gid.and_then(|g| g.parse().ok()).unwrap_or(0));
                        }
                        if let Some(open) = open_tileset(xml, at, e, stack.len())? {
                            if empty {
                                if open.count_missing {
                                    inserts.push((open.insert_at, 0));
                                }
                            } else {
                                tilesets.push(open);
                            }
                        }
                    }
                    b"image" => {
                        if let Some(t) = tilesets.last_mut().filter(|t| t.depth + 1 == stack.len())
                        {
                            let w = number(xml, at, e, b"width")?;
                            let h = number(xml, at, e, b"height")?;
                            if let (Some(w), Some(h)) = (w, h) {
                                t.image = Some((w, h));
                            }
                            t.image_width =
                                attr(xml, at, e, b"width")?.and_then(|v| v.parse().ok());
                        }
                    }
                    b"tile" => {
                        if let Some(t) = tilesets.last_mut().filter(|t| t.depth + 1 == stack.len())
                        {
                            t.tiles += 1;
                        }
                    }
                    b"layer" => {
                        let w = number(xml, at, e, b"width")?;
                        let h = number(xml, at, e, b"height")?;
                        let size = match (w, h) {
                            (Some(w), Some(h)) => Some(w as u64 * h as u64),
                            _ => None,
                        };
                        if !empty {
                            layers.push((stack.len(), size));
                        }
                        layer_tiles += size.unwrap_or(0);
                        if layer_tiles > TiledMap::MAX_TILES {
                            return Err(TiledError::TooLarge {
                                position: Some(position(xml, at)),
                                what: TiledQuantity::LayerTiles,
                                count: layer_tiles,
                                limit: TiledMap::MAX_TILES,
                            });
                        }
                    }
                    b"data" if parent == Some(b"layer") => {
                        let open = OpenData {
                            depth: stack.len(),
                            position: at,
                            expected: layers
                                .last()
                                .filter(|l| l.0 + 1 == stack.len())
                                .and_then(|l| l.1),
                            encoding: attr(xml, at, e, b"encoding")?,
                            compression: attr(xml, at, e, b"compression")?,
                            seen_text: false,
                        };
                        if empty {
                            check_data(xml, &open, "")?;
                        } else {
                            datas.push(open);
                        }
                    }
                    _ => {}
                }
                if !empty {
                    stack.push((name, at));
                }
            }
            Event::Text(ref t) => {
                if let Some(d) = datas
                    .last_mut()
                    .filter(|d| d.depth + 1 == stack.len() && !d.seen_text)
                {
                    d.seen_text = true;
                    let text = t.unescape().map_err(|e| xml_error(xml, at, e))?;
                    check_data(xml, d, &text)?;
                }
            }
            Event::CData(ref t) => {
                if let Some(d) = datas
                    .last_mut()
                    .filter(|d| d.depth + 1 == stack.len() && !d.seen_text)
                {
                    d.seen_text = true;
                    check_data(xml, d, &String::from_utf8_lossy(t))?;
                }
            }
            Event::End(_) => {
                stack.pop();
                if datas.last().is_some_and(|d| d.depth == stack.len()) {
                    if let Some(d) = datas.pop().filter(|d| !d.seen_text) {
                        check_data(xml, &d, "")?;
                    }
                }
                if tilesets.last().is_some_and(|t| t.depth == stack.len()) {
                    if let Some(t) = tilesets.pop() {
                        check_columns(xml, &t)?;
                        if t.count_missing {
                            inserts.push((t.insert_at, tile_count(xml, &t)?));
                        }
                    }
                }
                if layers.last().is_some_and(|l| l.0 == stack.len()) {
                    layers.pop();
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if let Some((name, at)) = stack.last() {
        return Err(TiledError::UnclosedElement {
            position: position(xml, *at),
            element: text::excerpt(&String::from_utf8_lossy(name)),
        });
    }
    inserts.sort_unstable(); // inner tilesets close first
    let mut bytes = Vec::with_capacity(xml.len() + 24 * inserts.len());
    let mut from = 0;
    for (at, count) in inserts {
        bytes.extend_from_slice(&xml[from..at]);
        bytes.extend_from_slice(format!(" tilecount=\"{count}\"").as_bytes());
        from = at;
    }
    bytes.extend_from_slice(&xml[from..]);
    Ok(Checked { bytes, first_gids })
}

/// The map must be finite, with at least one cell, and no larger than a grid may be.
fn check_map(xml: &[u8], at: usize, e: &BytesStart) -> Result<(), TiledError> {
    if attr(xml, at, e, b"infinite")?.as_deref() == Some("1") {
        return Err(TiledError::Unsupported {
            position: Some(position(xml, at)),
            what: TiledFeature::InfiniteMap,
        });
    }
    if let (Some(w), Some(h)) = (
        number(xml, at, e, b"width")?,
        number(xml, at, e, b"height")?,
    ) {
        check_grid_size(w, h, Some(position(xml, at)))?;
    }
    Ok(())
}

/// A tileset (not a reference to a TSX file) to check, and to complete when it has no
/// `tilecount`; checks a `tilecount` that is there.
fn open_tileset(
    xml: &[u8],
    at: usize,
    e: &BytesStart,
    depth: usize,
) -> Result<Option<OpenTileset>, TiledError> {
    let count = attr(xml, at, e, b"tilecount")?;
    if let Some(n) = count.as_ref().and_then(|c| c.parse::<u64>().ok()) {
        if n > MAX_TILESET_TILES {
            return Err(TiledError::TooLarge {
                position: Some(position(xml, at)),
                what: TiledQuantity::TilesetTiles,
                count: n,
                limit: MAX_TILESET_TILES,
            });
        }
    }
    if attr(xml, at, e, b"source")?.is_some() || xml.get(at) != Some(&b'<') {
        return Ok(None);
    }
    Ok(Some(OpenTileset {
        depth,
        insert_at: at + 1 + e.name().as_ref().len(),
        count_missing: count.is_none(),
        columns_given: attr(xml, at, e, b"columns")?.is_some(),
        tile_width: number(xml, at, e, b"tilewidth")?.unwrap_or(0),
        tile_height: number(xml, at, e, b"tileheight")?.unwrap_or(0),
        spacing: number(xml, at, e, b"spacing")?.unwrap_or(0),
        margin: number(xml, at, e, b"margin")?.unwrap_or(0),
        image: None,
        image_width: None,
        tiles: 0,
    }))
}

/// Without a `columns` attribute, `tiled` computes a tileset's columns from its last image as
/// `(width as u32 - margin + spacing) / (tile width + spacing)` in `u32`: each step must stay in
/// range.
fn check_columns(xml: &[u8], t: &OpenTileset) -> Result<(), TiledError> {
    let Some(width) = t.image_width.filter(|_| !t.columns_given) else {
        return Ok(());
    };
    let columns = (width as u32)
        .checked_sub(t.margin)
        .and_then(|room| room.checked_add(t.spacing))
        .zip(t.tile_width.checked_add(t.spacing))
        .and_then(|(room, step)| room.checked_div(step));
    if columns.is_none() {
        return Err(TiledError::Invalid {
            position: position(xml, t.insert_at),
            problem: TmxProblem::TilesetColumns {
                image_width: width,
                margin: t.margin,
                spacing: t.spacing,
                tile_width: t.tile_width,
            },
        });
    }
    Ok(())
}

/// Tiles in a tileset image, as Tiled counts them: whole tiles that fit between the margins,
/// `spacing` apart. A tileset without an image (a collection of images) has one per `<tile>`.
fn tile_count(xml: &[u8], t: &OpenTileset) -> Result<u64, TiledError> {
    let fit = |size: u32, tile: u32| -> u64 {
        let room = (size as u64 + t.spacing as u64).saturating_sub(2 * t.margin as u64);
        room.checked_div(tile as u64 + t.spacing as u64)
            .unwrap_or(0)
    };
    let count = match t.image {
        Some((w, h)) => fit(w, t.tile_width) * fit(h, t.tile_height),
        None => t.tiles,
    };
    if count > MAX_TILESET_TILES {
        return Err(TiledError::TooLarge {
            position: Some(position(xml, t.insert_at)),
            what: TiledQuantity::TilesetTiles,
            count,
            limit: MAX_TILESET_TILES,
        });
    }
    Ok(count)
}

/// The tile data of a layer must hold exactly width x height tiles.
fn check_data(xml: &[u8], d: &OpenData, text: &str) -> Result<(), TiledError> {
    let Some(expected) = d.expected else {
        return Ok(()); // no valid layer size: `tiled` reports that itself
    };
    let found = match (d.encoding.as_deref(), d.compression.as_deref()) {
        (Some("csv"), None) => text.split(',').count() as u64,
        (Some("base64"), compression) => {
            let engine = base64::engine::GeneralPurpose::new(
                &base64::alphabet::STANDARD,
                base64::engine::general_purpose::PAD,
            );
            let Ok(raw) = engine.decode(text.trim().as_bytes()) else {
                return Ok(()); // `tiled` reports bad base64 itself
            };
            // Read one tile more than expected at most: enough to see it is too long.
            let limit = (expected + 1) * 4;
            let mut out = Vec::new();
            let read = match compression {
                None => Ok(raw.len()),
                Some("zlib") => flate2::bufread::ZlibDecoder::new(&raw[..])
                    .take(limit)
                    .read_to_end(&mut out),
                Some("gzip") => flate2::bufread::GzDecoder::new(&raw[..])
                    .take(limit)
                    .read_to_end(&mut out),
                Some(_) => return Ok(()), // unsupported compression: `tiled` reports it
            };
            let Ok(bytes) = read else {
                return Ok(()); // `tiled` reports broken compressed data itself
            };
            bytes as u64 / 4
        }
        _ => return Ok(()), // `tiled` refuses other encodings itself
    };
    let problem = match found.cmp(&expected) {
        std::cmp::Ordering::Equal => return Ok(()),
        std::cmp::Ordering::Less => TmxProblem::ShortTileData { expected, found },
        std::cmp::Ordering::Greater => TmxProblem::LongTileData { expected },
    };
    Err(TiledError::Invalid {
        position: position(xml, d.position),
        problem,
    })
}

/// An attribute's unescaped value; malformed attributes are an error, as in `tiled`.
fn attr(xml: &[u8], at: usize, e: &BytesStart, key: &[u8]) -> Result<Option<String>, TiledError> {
    for a in e.attributes() {
        let a = a.map_err(|err| xml_error(xml, at, err.into()))?;
        if a.key.local_name().as_ref() == key {
            let v = a.unescape_value().map_err(|err| xml_error(xml, at, err))?;
            return Ok(Some(v.into_owned()));
        }
    }
    Ok(None)
}

/// A `u32` attribute; a value that does not parse is left for `tiled` to report.
fn number(xml: &[u8], at: usize, e: &BytesStart, key: &[u8]) -> Result<Option<u32>, TiledError> {
    Ok(attr(xml, at, e, key)?.and_then(|v| v.parse().ok()))
}

/// The XML reader's error `e` for the event at byte `at`, kept whole.
fn xml_error(xml: &[u8], at: usize, e: quick_xml::Error) -> TiledError {
    TiledError::Xml {
        position: position(xml, at),
        source: Box::new(e),
    }
}

/// 1-based line and column of byte `offset` (columns in characters).
pub(crate) fn position(xml: &[u8], offset: usize) -> Position {
    let before = &xml[..offset.min(xml.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    Position {
        line: before.iter().filter(|&&b| b == b'\n').count() + 1,
        column: String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1,
    }
}
