"""Uploads are size-limited while they arrive, not after they have been stored.

Django keeps an upload in memory or in a temporary file, whatever its size, before any
form sees it. :class:`LimitedUploadHandler` goes first among ``FILE_UPLOAD_HANDLERS``: it
passes a file's bytes on to the usual handlers only up to the limit, counts the rest
without keeping it, and then hands the form an empty file that still reports its real
size, so the form's own check says "The file is N bytes: ... at most 2 MB" and nothing
larger than the limit is ever held. It does not judge what a file says: the import
form and the services do.

Vocabulary: a *night file* (``cinch-night/1``) is the only upload the site takes.
"""

from io import BytesIO

from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler

# The largest night file the site takes (the import form says so beside its field).
IMPORT_LIMIT = 2 * 1024 * 1024


class LimitedUploadHandler(FileUploadHandler):
    """Keeps at most ``limit`` bytes of each file; a larger one arrives empty, its size told."""

    limit = IMPORT_LIMIT

    def new_file(self, *args, **kwargs) -> None:
        super().new_file(*args, **kwargs)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        # None stops the chunk here: the handlers after this one never see it.
        return raw_data if self.received <= self.limit else None

    def file_complete(self, file_size: int) -> InMemoryUploadedFile | None:
        if self.received <= self.limit:
            return None  # the usual handlers hold the whole file: theirs is the upload
        return InMemoryUploadedFile(
            file=BytesIO(),
            field_name=self.field_name,
            name=self.file_name,
            content_type=self.content_type,
            size=file_size,
            charset=self.charset,
            content_type_extra=self.content_type_extra,
        )
