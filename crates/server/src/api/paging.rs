//! Paging (SPEC §7): `pageID` from 1, `pageSize` default 10 and capped; answers
//! `{list, totalPage, totalCount}`.

use domain::constants::{MAX_PAGE_SIZE, PAGE_SIZE};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// The paging query parameters, clamped to what the server serves.
#[derive(Debug, Clone, Copy, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The page, from 1.
    #[serde(rename = "pageID")]
    #[param(minimum = 1, default = 1)]
    page_id: Option<u32>,
    /// Rows a page (at most 100).
    #[param(minimum = 1, maximum = 100, default = 10)]
    page_size: Option<u32>,
}

impl PageQuery {
    /// Page number, at least 1.
    pub fn page(&self) -> u32 {
        self.page_id.unwrap_or(1).max(1)
    }

    /// Rows a page, 1 to the cap.
    pub fn size(&self) -> u32 {
        self.page_size.unwrap_or(PAGE_SIZE).clamp(1, MAX_PAGE_SIZE)
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page() - 1) * i64::from(self.size())
    }
}

/// One page of a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    pub list: Vec<T>,
    pub total_page: i64,
    pub total_count: i64,
}

impl<T> Page<T> {
    pub fn new(list: Vec<T>, total_count: i64, query: &PageQuery) -> Page<T> {
        let size = i64::from(query.size());
        Page {
            list,
            total_page: (total_count + size - 1) / size,
            total_count,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paging_is_clamped_and_counts_pages() {
        let q = PageQuery {
            page_id: Some(0),
            page_size: Some(10_000),
        };
        assert_eq!((q.page(), q.size()), (1, MAX_PAGE_SIZE));
        let q = PageQuery {
            page_id: Some(3),
            page_size: None,
        };
        assert_eq!(q.offset(), 20);
        assert_eq!(Page::new(Vec::<u8>::new(), 21, &q).total_page, 3);
        assert_eq!(Page::new(Vec::<u8>::new(), 0, &q).total_page, 0);
    }
}
