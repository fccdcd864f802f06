//! Inputs the fuzz targets (`fuzz/`) once failed on, kept under `tests/fixtures/fuzz/<target>/`
//! and run through the same checks as the targets.

/// Named so that `cargo test -p pathkit format` selects these tests.
mod format_fuzz_regressions {
    use std::path::{Path, PathBuf};

    fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/fuzz")
            .join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return Vec::new();
        };
        let mut out: Vec<_> = entries
            .map(|e| e.unwrap().path())
            .map(|p| {
                let bytes = std::fs::read(&p).unwrap();
                (p, bytes)
            })
            .collect();
        out.sort();
        out
    }

    #[cfg(feature = "tiled")]
    #[test]
    fn tiled_tmx() {
        use pathkit::format::TiledMap;
        let all = inputs("tiled_tmx");
        assert!(!all.is_empty());
        for (path, bytes) in all {
            if let Ok(map) = TiledMap::from_bytes(&bytes) {
                let cells = map.width as usize * map.height as usize;
                for layer in &map.layers {
                    assert_eq!(layer.tiles.len(), cells, "{}", path.display());
                    map.grid_from_property(&layer.name, "Wall").unwrap();
                }
            }
        }
    }

    #[test]
    fn movingai_map() {
        use pathkit::format::MovingAiMap;
        for (path, bytes) in inputs("movingai_map") {
            if let Ok(map) = MovingAiMap::parse(&bytes) {
                let text = map.to_string();
                let again = MovingAiMap::parse(text.as_bytes()).unwrap();
                assert_eq!(again, map, "{}", path.display());
            }
        }
    }

    #[test]
    fn movingai_scen() {
        use pathkit::format::Scenario;
        for (path, bytes) in inputs("movingai_scen") {
            if let Ok(scen) = Scenario::parse(&bytes) {
                let text = scen.to_string();
                let again = Scenario::parse(text.as_bytes()).unwrap();
                assert_eq!(again.entries(), scen.entries(), "{}", path.display());
                assert_eq!(again.to_string(), text, "{}", path.display());
            }
        }
    }
}
