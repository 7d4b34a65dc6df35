//! The built web app (`web/dist`): files by path, `index.html` for every other page path (the
//! app routes in the browser), precompressed `.br`/`.gz` files when the browser takes them,
//! a year's cache for content-hashed `/assets/*`, none for `index.html`.

use std::path::{Component, Path, PathBuf};

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};

use crate::api::AppError;
use crate::state::AppState;

/// Content types by extension; anything else is served as bytes.
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        "pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// `request_path` as a file under `root`, refusing anything that would leave it.
fn local_path(root: &Path, request_path: &str) -> Option<PathBuf> {
    let relative = Path::new(request_path.trim_start_matches('/'));
    relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then(|| root.join(relative))
}

/// Answers every request no API route took.
pub async fn serve(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let path = req.path();
    if path.starts_with("/api/") {
        let methods = crate::routes::methods_at(path);
        if !methods.is_empty() {
            return AppError::method_not_allowed(&methods).error_response();
        }
    }
    if path == "/api"
        || path.starts_with("/api/")
        || !matches!(
            *req.method(),
            actix_web::http::Method::GET | actix_web::http::Method::HEAD
        )
    {
        return AppError::route_not_found().error_response();
    }
    let root = &state.config.web_dir;
    let file = local_path(root, path).filter(|p| p.is_file());
    let (file, fallback) = match file {
        Some(f) => (f, false),
        None => (root.join("index.html"), true),
    };
    if fallback && Path::new(path).extension().is_some() {
        // A missing asset is a 404, not the app's page.
        return HttpResponse::NotFound()
            .content_type("text/plain; charset=utf-8")
            .body("Not found");
    }
    let accepts = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let mut candidates: Vec<(PathBuf, Option<&str>)> = Vec::new();
    for (ext, coding) in [("br", "br"), ("gz", "gzip")] {
        if accepts
            .split(',')
            .any(|c| c.split(';').next().is_some_and(|n| n.trim() == coding))
        {
            let mut compressed = file.clone().into_os_string();
            compressed.push(format!(".{ext}"));
            candidates.push((PathBuf::from(compressed), Some(coding)));
        }
    }
    candidates.push((file.clone(), None));
    for (candidate, coding) in candidates {
        let Ok(bytes) = tokio::fs::read(&candidate).await else {
            continue;
        };
        let mut response = HttpResponse::Ok();
        response.insert_header((header::CONTENT_TYPE, content_type(&file)));
        response.insert_header((header::VARY, "Accept-Encoding"));
        let immutable = !fallback && path.starts_with("/assets/");
        response.insert_header((
            header::CACHE_CONTROL,
            if immutable {
                "public, max-age=31536000, immutable"
            } else {
                "no-cache"
            },
        ));
        if let Some(coding) = coding {
            response.insert_header((header::CONTENT_ENCODING, HeaderValue::from_static(coding)));
        }
        return response.body(bytes);
    }
    HttpResponse::ServiceUnavailable()
        .content_type("text/plain; charset=utf-8")
        .body("The web app is not built yet: run `make web` (or `make run`).")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_cannot_leave_the_web_folder() {
        let root = Path::new("/srv/web");
        assert_eq!(
            local_path(root, "/assets/a.js"),
            Some(PathBuf::from("/srv/web/assets/a.js"))
        );
        assert_eq!(local_path(root, "/../etc/passwd"), None);
        assert_eq!(local_path(root, "/assets/../../x"), None);
        assert_eq!(local_path(root, "/./a"), None);
    }
}
