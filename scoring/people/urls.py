"""The club's logins: who may do what."""

from django.urls import path

from scoring.people import views

urlpatterns = [
    path("people/", views.people_page, name="people"),
    path("people/<int:pk>/disable/", views.person_disable, name="person-disable"),
    path("people/<int:pk>/enable/", views.person_enable, name="person-enable"),
    path("people/<int:pk>/remove/", views.person_remove, name="person-remove"),
]
