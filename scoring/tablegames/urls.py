"""Tables of single players: the list, a table, its file, sheet and hands."""

from django.urls import path

from scoring.tablegames import views

urlpatterns = [
    path("tables/", views.table_list, name="table-list"),
    path("tables/new/", views.table_create, name="table-create"),
    path("tables/import/", views.table_import, name="table-import"),
    path("tables/<int:pk>/", views.table_detail, name="table-detail"),
    path("tables/<int:pk>/file/", views.table_file, name="table-file"),
    path("tables/<int:pk>/sheet.pdf", views.table_sheet, name="table-sheet"),
    path("tables/<int:pk>/sheet/", views.table_sheet_preview, name="table-sheet-preview"),
    path("table-hands/<int:pk>/edit/", views.table_hand_edit, name="table-hand-edit"),
    path("table-hands/<int:pk>/delete/", views.table_hand_delete, name="table-hand-delete"),
]
